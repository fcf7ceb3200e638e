import { Redis } from 'ioredis';
import { serverName, type BusLog, type Transport } from './transport.ts';

/**
 * Redis pub/sub over two connections, since a subscribing connection can send nothing else. Both
 * reconnect by themselves; the subscriber subscribes again after a reconnection.
 */
export async function openRedisTransport(url: string, log: BusLog): Promise<Transport> {
  const server = serverName(url);
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  const connections = [publisher, subscriber];
  reportOutages(publisher, { server, connection: 'publisher' }, log);
  reportOutages(subscriber, { server, connection: 'subscriber' }, log);

  const handlers = new Map<string, (text: string) => void>();
  subscriber.on('message', (channel: string, text: string) => handlers.get(channel)?.(text));

  try {
    await Promise.all(connections.map((connection) => connection.connect()));
  } catch (error) {
    for (const connection of connections) connection.disconnect();
    throw new Error(`cannot reach the event bus at ${server}`, { cause: error });
  }

  return {
    async publish(channel, text) {
      await publisher.publish(channel, text);
    },
    async subscribe(channel, onText) {
      handlers.set(channel, onText);
      await subscriber.subscribe(channel);
    },
    async close() {
      // QUIT sends what is queued first; a connection that is down would wait for it, so drop it.
      await Promise.all(
        connections.map((connection) =>
          connection.status === 'ready'
            ? connection.quit().catch(() => connection.disconnect())
            : connection.disconnect(),
        ),
      );
    },
  };
}

/** One warning when a connection is lost and one line when it is back, not one per retry. */
function reportOutages(connection: Redis, context: { server: string; connection: string }, log: BusLog): void {
  let up = false;
  connection.on('ready', () => {
    if (!up) log.info(context, 'event bus connected');
    up = true;
  });
  connection.on('error', (error: Error) => {
    if (up) log.warn({ ...context, err: error }, 'event bus connection lost; reconnecting');
    up = false;
  });
}
