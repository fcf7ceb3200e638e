import { READINGS_STREAM_TYPE } from '@vigil/domain';
import type { BusEvents } from '../../bus/bus.ts';
import { selectOne } from '../registry/registry-query.ts';
import { presentAlert } from './alert.ts';
import { sseComment, sseMessage } from './sse.ts';

/** A live notification goes to every client of its project: each distinct message text is built once. */
const texts = new WeakMap<object, Map<string, string>>();
function once(notification: object, key: string, build: () => string): string {
  let byKey = texts.get(notification);
  if (!byKey) texts.set(notification, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) byKey.set(key, (text = build()));
  return text;
}

export type LiveNotification = Omit<BusEvents['notification.created'], 'projectId'>;
type Live =
  LiveNotification | { metricsRule: Record<string, unknown> } | { readings: BusEvents['readings.summary']['data'] };

/** What a stream writes to: the hijacked `reply.raw`, or a fake in tests. */
export interface StreamSink {
  /** false when the socket's buffer is full: wait for 'drain' */
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  end(): void;
  destroy(): void;
}

export interface StreamClientOptions {
  /** `Last-Event-ID`: the client has every notification up to this seq */
  lastEventId: number | undefined;
  fields: { fields?: string | undefined; excluded_fields?: string | undefined };
  /** messages held for a slow socket (and live ones held during the replay) before the client is dropped */
  queueLimit: number;
  onClose: () => void;
}

/**
 * One stream client (ADR 0013). Live messages are held while the replay runs and sent after it,
 * except notifications the replay already sent or the client already had; a notification that
 * arrives after a higher seq went out (two instances committing out of order) is sent without an
 * `id`, so that Last-Event-ID never moves backwards. A socket that stays full is dropped: the
 * client reconnects with Last-Event-ID and misses nothing.
 */
export class StreamClient {
  closed = false;
  private readonly sink: StreamSink;
  private readonly options: StreamClientOptions;
  private readonly replayed = new Set<number>();
  private cursor: number;
  private held: Live[] | null = [];
  private queue: string[] | null = null;
  private drainWaiters: Array<() => void> = [];

  constructor(sink: StreamSink, options: StreamClientOptions) {
    this.sink = sink;
    this.options = options;
    this.cursor = options.lastEventId ?? 0;
  }

  /** Writes now, or queues behind a full socket; a queue over the limit drops the client. */
  write(chunk: string): void {
    if (this.closed) return;
    if (this.queue) {
      this.queue.push(chunk);
      if (this.queue.length > this.options.queueLimit) this.close('overflow');
    } else if (!this.sink.write(chunk)) {
      this.queue = [];
      this.sink.once('drain', () => this.flush());
    }
  }

  /** Resolves once the socket has taken everything queued (or the client is gone). */
  drained(): Promise<void> {
    if (!this.queue || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** A notification from the database, oldest first, sent before anything live. */
  replay(item: LiveNotification): void {
    this.replayed.add(item.seq);
    this.sendNotification(item, false);
  }

  /** Ends the replay: what arrived meanwhile goes out now, and later messages straight away. */
  goLive(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const item of held) this.deliver(item);
  }

  live(item: Live): void {
    if (!this.held) return this.deliver(item);
    this.held.push(item);
    if (this.held.length > this.options.queueLimit) this.close('overflow');
  }

  heartbeat(): void {
    // A socket that is not taking data needs no heartbeat, and a queued one would only crowd the limit.
    if (!this.queue) this.write(sseComment('heartbeat'));
  }

  /** Ends the stream; a client that fell too far behind is cut off rather than waited for. */
  close(why: 'done' | 'overflow' = 'done'): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = null;
    if (why === 'overflow') this.sink.destroy();
    else this.sink.end();
    this.releaseWaiters();
    this.options.onClose();
  }

  private deliver(item: Live): void {
    if ('metricsRule' in item) return this.write(sseMessage('metricsRule', item.metricsRule));
    if ('readings' in item) return this.write(sseMessage(READINGS_STREAM_TYPE, item.readings));
    if (item.seq <= (this.options.lastEventId ?? 0) || this.replayed.has(item.seq)) return;
    this.sendNotification(item, true);
  }

  private sendNotification({ seq, notification }: LiveNotification, withAlert: boolean): void {
    const id = seq > this.cursor ? seq : undefined;
    this.cursor = Math.max(this.cursor, seq);
    const { fields, excluded_fields } = this.options.fields;
    this.write(
      once(notification, `${id}|${fields ?? ''}|${excluded_fields ?? ''}`, () =>
        sseMessage(notification.notification_type.name, selectOne(notification, this.options.fields), id),
      ),
    );
    // Alerts are about now: a replay does not raise them again.
    if (withAlert) this.write(once(notification, 'alert', () => sseMessage('alert', presentAlert(notification))));
  }

  private flush(): void {
    const queue = this.queue ?? [];
    this.queue = null;
    while (queue.length && !this.closed) {
      if (!this.sink.write(queue.shift()!)) {
        this.queue = queue;
        this.sink.once('drain', () => this.flush());
        return;
      }
    }
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const resolve of this.drainWaiters.splice(0)) resolve();
  }
}
