import type { FastifyBaseLogger } from 'fastify';

/** What the cluster bus needs from Redis pub/sub or NATS core: text on named channels, at most once. */
export interface Transport {
  /** Resolves once the server has the message; rejects when it could not be sent. */
  publish(channel: string, text: string): Promise<void>;
  /** Resolves once the server delivers the channel's messages, in the order they were published. */
  subscribe(channel: string, onText: (text: string) => void): Promise<void>;
  close(): Promise<void>;
}

export type BusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The URL without credentials, for logs and error messages. */
export function serverName(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
