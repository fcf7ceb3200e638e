import { connect } from '@nats-io/transport-node';
import { serverName, type BusLog, type Transport } from './transport.ts';

/** NATS core over one connection that reconnects for ever and keeps its subscriptions. */
export async function openNatsTransport(url: string, log: BusLog): Promise<Transport> {
  const server = serverName(url);
  const connection = await connect({ ...connectionOptions(url), maxReconnectAttempts: -1, name: 'vigil' }).catch(
    (error: unknown) => {
      throw new Error(`cannot reach the event bus at ${server}`, { cause: error });
    },
  );
  log.info({ server }, 'event bus connected');
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') log.warn({ server }, 'event bus connection lost; reconnecting');
      else if (status.type === 'reconnect') log.info({ server }, 'event bus connected');
      else if (status.type === 'error') log.warn({ err: status.error, server }, 'event bus error');
    }
  })();

  return {
    async publish(channel, text) {
      connection.publish(channel, text);
    },
    async subscribe(channel, onText) {
      connection.subscribe(channel, {
        callback: (error, message) => {
          if (error) log.warn({ err: error, server, channel }, 'event bus subscription failed');
          else onText(message.string());
        },
      });
      // The subscription counts once the server has seen it: messages published later reach it.
      await connection.flush();
    },
    async close() {
      if (connection.isClosed()) return;
      await connection.drain().catch(() => connection.close());
    },
  };
}

/** The client reads no credentials from the URL: `nats://user:password@host` or `nats://token@host`. */
function connectionOptions(url: string) {
  const { username, password, host } = new URL(url);
  const [user, secret] = [decodeURIComponent(username), decodeURIComponent(password)];
  if (user && secret) return { servers: host, user, pass: secret };
  if (user) return { servers: host, token: user };
  return { servers: host };
}
