import { CLUSTER_TOPICS, createInProcessBus, type BusEvents, type ClosableBus } from './bus.ts';
import { openNatsTransport } from './nats-transport.ts';
import { openRedisTransport } from './redis-transport.ts';
import type { BusLog, Transport } from './transport.ts';

export interface ClusterBusOptions {
  /** a subscriber failed on an event */
  onError: (error: unknown, topic: string) => void;
  log: BusLog;
  /** Channels are `<prefix><topic>`; instances meet only on the same prefix. Default `vigil.`. */
  channelPrefix?: string;
}

type ClusterTopic = (typeof CLUSTER_TOPICS)[number];

const isClusterTopic = (topic: string): topic is ClusterTopic => (CLUSTER_TOPICS as readonly string[]).includes(topic);

/**
 * A bus shared by every instance on BUS_URL (redis://, rediss:// or nats://), ADR 0012. CLUSTER_TOPICS
 * go through the server and reach local subscribers only on their way back, so each instance, the
 * publisher included, delivers every message once; other topics stay in this instance. Resolves once
 * connected and subscribed; rejects when the server cannot be reached.
 */
export async function createClusterBus(url: string, options: ClusterBusOptions): Promise<ClosableBus> {
  const { log, channelPrefix = 'vigil.' } = options;
  const local = createInProcessBus(options.onError);
  const transport = await openTransport(url, log);

  try {
    for (const topic of CLUSTER_TOPICS) {
      await transport.subscribe(channelPrefix + topic, (text) => {
        const event = parseEvent(text);
        if (event) local.publish(topic, event as BusEvents[ClusterTopic]);
        else log.warn({ topic, text: text.slice(0, 200) }, 'dropped an unreadable event bus message');
      });
    }
  } catch (error) {
    await transport.close();
    throw error;
  }

  const send = async (topic: ClusterTopic, event: unknown) =>
    transport.publish(channelPrefix + topic, JSON.stringify(event));

  return {
    publish(topic, event) {
      if (!isClusterTopic(topic)) return local.publish(topic, event);
      // At most once (ADR 0012): a message the server never got is logged, never thrown at the publisher.
      send(topic, event).catch((error: unknown) => log.error({ err: error, topic }, 'event bus publish failed'));
    },
    subscribe: local.subscribe,
    close: () => transport.close(),
  };
}

function openTransport(url: string, log: BusLog): Promise<Transport> {
  const scheme = new URL(url).protocol;
  if (scheme === 'redis:' || scheme === 'rediss:') return openRedisTransport(url, log);
  if (scheme === 'nats:') return openNatsTransport(url, log);
  throw new Error(`BUS_URL must be a redis://, rediss:// or nats:// URL, not ${scheme}//`);
}

function parseEvent(text: string): object | undefined {
  try {
    const event: unknown = JSON.parse(text);
    return typeof event === 'object' && event !== null ? event : undefined;
  } catch {
    return undefined;
  }
}
