import {
  NOTIFICATION_TYPES,
  READINGS_STREAM_TYPE,
  STREAM_TYPES,
  streamRetryDelay,
  type NotificationObject,
  type StreamAlert,
  type StreamReadings,
} from '@vigil/domain';

/** What the stream reports about its connection (requirements#monitoring-states). */
export type StreamStatus =
  | { type: 'open' }
  /** an error event: `retryIn` is the wait before our own retry, null while the browser reconnects itself */
  | { type: 'error'; readyState: number; retryIn: number | null }
  /** an open after an error or a pause: what was missed meanwhile must be fetched again */
  | { type: 'reconnected'; afterError: boolean };

export interface StreamHandlers {
  notification(notification: NotificationObject): void;
  alert(alert: StreamAlert): void;
  metricsRule?(data: unknown): void;
  /** entities of the project that got readings lately */
  readings?(data: StreamReadings): void;
  status(status: StreamStatus): void;
}

/** The parts of the browser the client uses; tests pass fakes. */
export interface StreamEnvironment {
  EventSource: new (url: string) => EventSource;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const CLOSED = 2;

const browser = (): StreamEnvironment => ({
  EventSource: globalThis.EventSource,
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
});

/**
 * The notification stream over EventSource (requirements#monitoring-states). While the browser reconnects by itself
 * (readyState CONNECTING) the client waits; when the connection is closed it retries on the
 * schedule of @vigil/domain (5 s, doubling until above 160 s). An open that follows an error or a
 * pause is a reconnect. pause() and resume() close and reopen the stream.
 */
export class NotificationStreamClient {
  private source: EventSource | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private interrupted: 'error' | 'pause' | null = null;
  private running = false;
  private readonly url: () => string;
  private readonly handlers: StreamHandlers;
  private readonly env: StreamEnvironment;

  constructor(url: () => string, handlers: StreamHandlers, env: StreamEnvironment = browser()) {
    this.url = url;
    this.handlers = handlers;
    this.env = env;
  }

  start(): void {
    this.running = true;
    this.connect();
  }

  /** Closes the stream until resume(). */
  pause(): void {
    if (!this.running) return;
    this.running = false;
    this.disconnect();
    this.interrupted ??= 'pause';
  }

  resume(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.disconnect();
  }

  private connect(): void {
    this.disconnect();
    const source = new this.env.EventSource(this.url());
    this.source = source;
    const json = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
    for (const type of NOTIFICATION_TYPES) {
      source.addEventListener(type, (event) => this.handlers.notification(json(event) as NotificationObject));
    }
    const [alert, metricsRule] = STREAM_TYPES;
    source.addEventListener(alert, (event) => this.handlers.alert(json(event) as StreamAlert));
    source.addEventListener(metricsRule, (event) => this.handlers.metricsRule?.(json(event)));
    source.addEventListener(READINGS_STREAM_TYPE, (event) => this.handlers.readings?.(json(event) as StreamReadings));
    // Both the browser's own open and the server's `open` message land here; the first one counts.
    source.addEventListener('open', () => this.opened());
    source.addEventListener('error', () => this.failed(source));
  }

  private disconnect(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
  }

  private opened(): void {
    this.attempt = 0;
    const interrupted = this.interrupted;
    this.interrupted = null;
    if (interrupted) this.handlers.status({ type: 'reconnected', afterError: interrupted === 'error' });
    this.handlers.status({ type: 'open' });
  }

  private failed(source: EventSource): void {
    if (source !== this.source) return;
    this.interrupted = 'error';
    if (source.readyState !== CLOSED) {
      this.handlers.status({ type: 'error', readyState: source.readyState, retryIn: null });
      return;
    }
    const retryIn = streamRetryDelay(this.attempt++);
    this.handlers.status({ type: 'error', readyState: source.readyState, retryIn });
    source.close();
    this.source = null;
    this.timer = this.env.setTimeout(() => {
      this.timer = null;
      if (this.running) this.connect();
    }, retryIn);
  }
}
