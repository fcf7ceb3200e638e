import type { ApiError } from './api-error.ts';

/** What the API client tells the application shell about, so that one place reacts. */
export type SessionEvent = { type: 'expired' } | { type: 'forbidden' } | { type: 'server-error'; error: ApiError };

const listeners = new Set<(event: SessionEvent) => void>();

export const sessionEvents = {
  emit(event: SessionEvent) {
    listeners.forEach((listener) => listener(event));
  },
  subscribe(listener: (event: SessionEvent) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
