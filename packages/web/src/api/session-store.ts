/**
 * The only state that survives a reload: who is signed in and which project is current
 * (issue 3: "persist auth and the current project, nothing else").
 */
export interface StoredSession {
  token: string;
  userId: string;
  projectId: string | null;
}

const KEY = 'vigil.session';
const listeners = new Set<() => void>();

function read(): StoredSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredSession | null;
    return value?.token && value.userId ? value : null;
  } catch {
    return null;
  }
}

let current = read();

export const sessionStore = {
  get: (): StoredSession | null => current,
  set(session: StoredSession | null) {
    current = session;
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
    listeners.forEach((listener) => listener());
  },
  setProject(projectId: string) {
    if (current) sessionStore.set({ ...current, projectId });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
