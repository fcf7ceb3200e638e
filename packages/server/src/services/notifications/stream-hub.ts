import { receivesNotification } from '@vigil/domain';
import type { Bus } from '../../bus/bus.ts';
import type { StreamClient } from './stream-client.ts';

export interface StreamHub {
  /**
   * From now on the client receives its project's live messages (held until it goes live): every
   * notification its member's `roles` receive, and the rest.
   */
  add(projectId: string, client: StreamClient, roles: readonly string[]): void;
  remove(projectId: string, client: StreamClient): void;
  /** Stream clients connected to this instance. */
  size(): number;
  /** Ends every stream, so that the server can close. */
  close(): void;
}

/**
 * The stream clients of one server instance by project (ADR 0013): one bus subscription per topic
 * and one heartbeat timer for all of them, whatever their number.
 */
export function createStreamHub(bus: Bus, options: { heartbeatSeconds: number }): StreamHub {
  const byProject = new Map<string, Set<StreamClient>>();
  const rolesOf = new WeakMap<StreamClient, readonly string[]>();
  const each = (projectId: string, act: (client: StreamClient) => void) => {
    for (const client of byProject.get(projectId) ?? []) act(client);
  };
  const unsubscribe = [
    bus.subscribe('notification.created', ({ projectId, seq, notification, recipientRole }) =>
      each(
        projectId,
        (c) => receivesNotification(recipientRole, rolesOf.get(c) ?? []) && c.live({ seq, notification }),
      ),
    ),
    bus.subscribe('metrics.rule', ({ projectId, data }) => each(projectId, (c) => c.live({ metricsRule: data }))),
    bus.subscribe('readings.summary', ({ projectId, data }) => each(projectId, (c) => c.live({ readings: data }))),
  ];
  const timer = setInterval(() => {
    for (const clients of byProject.values()) for (const client of clients) client.heartbeat();
  }, options.heartbeatSeconds * 1000);
  timer.unref();
  let closed = false;

  const hub: StreamHub = {
    add(projectId, client, roles) {
      if (closed) return client.close();
      rolesOf.set(client, roles);
      const clients = byProject.get(projectId) ?? new Set();
      clients.add(client);
      byProject.set(projectId, clients);
    },
    remove(projectId, client) {
      const clients = byProject.get(projectId);
      clients?.delete(client);
      if (clients?.size === 0) byProject.delete(projectId);
    },
    size: () => [...byProject.values()].reduce((n, clients) => n + clients.size, 0),
    close() {
      closed = true;
      clearInterval(timer);
      for (const off of unsubscribe) off();
      for (const clients of [...byProject.values()]) for (const client of [...clients]) client.close();
      byProject.clear();
    },
  };
  return hub;
}
