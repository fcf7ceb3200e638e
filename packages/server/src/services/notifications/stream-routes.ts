import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../db/values.ts';
import { requireProject } from '../../http/auth-hook.ts';
import { validationError } from '../../http/errors.ts';
import { liveSessionProjects } from '../auth/session-store.ts';
import { windowStart } from './notification-query.ts';
import { streamQuery } from './params.ts';
import { sseMessage, sseRetry } from './sse.ts';
import { StreamClient } from './stream-client.ts';
import { createStreamHub } from './stream-hub.ts';
import { memberReader, notificationsAfter, userCreatedAt } from './store.ts';

/** Messages a slow socket may fall behind by before it is dropped (it resumes with Last-Event-ID). */
const QUEUE_LIMIT = 1000;
/** Notifications read from the database per replay query. */
const REPLAY_PAGE = 200;
/** requirements#monitoring-constants: the web app retries after 5 s; EventSource's own reconnection uses it too. */
const RETRY_MS = 5000;

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  // nginx and similar proxies would otherwise buffer the stream
  'X-Accel-Buffering': 'no',
};
/** HTTP/1.1 only: HTTP/2 has no connection headers (ADR 0043). */
const HTTP1_HEADERS = { ...HEADERS, Connection: 'keep-alive' };

function lastEventId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  if (header === undefined) return query === undefined ? undefined : Number(query);
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header))
    throw validationError('Invalid Last-Event-ID', { 'Last-Event-ID': ['Use the id of the last event received'] });
  return Number(header);
}

/**
 * `GET notifications/stream/` (requirements#monitoring-states, #monitoring-calls; ADR 0013): `open`, then with
 * Last-Event-ID the
 * notifications missed since, then live notifications (each followed by an `alert`), `metricsRule`
 * messages and heartbeats. The session is checked when the stream opens and again at every
 * heartbeat: a stream whose session ended (logout, expiry, a deactivated user or membership, another
 * project selected) is closed, and the client's reconnection is refused.
 */
export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createStreamHub(app.bus, { heartbeatSeconds: app.config.STREAM_HEARTBEAT_SECONDS });
  const sessions = new Map<StreamClient, { tokenId: string; projectId: string }>();
  let checking = false;
  const closeEndedSessions = async () => {
    if (checking || !sessions.size) return;
    checking = true;
    try {
      const tokenIds = [...new Set([...sessions.values()].map((s) => s.tokenId))];
      const live = await liveSessionProjects(app.db, tokenIds, nowIso());
      for (const [client, session] of sessions) {
        if (live.get(session.tokenId) !== session.projectId) client.close();
      }
    } catch (error) {
      // A database that cannot answer now ends no stream: operators keep their alarms.
      app.log.warn({ err: error }, 'notification stream sessions could not be checked');
    } finally {
      checking = false;
    }
  };
  const sessionTimer = setInterval(() => void closeEndedSessions(), app.config.STREAM_HEARTBEAT_SECONDS * 1000);
  sessionTimer.unref();
  app.addHook('preClose', async () => {
    clearInterval(sessionTimer);
    hub.close();
  });

  app.get(
    '/notifications/stream',
    // Hidden from the OpenAPI document: an endless event stream has no response schema there, and tools
    // that call every documented route (http/bad-input.test.ts) would wait on it for ever. ADR 0013.
    { config: { access: 'member', tokenInQuery: true }, schema: { hide: true, querystring: streamQuery } },
    async (request, reply) => {
      const actor = requireProject(request);
      const { projectId, userId, tokenId } = actor;
      const reader = memberReader(actor);
      const after = lastEventId(request.headers['last-event-id'], request.query.last_event_id);
      const from = windowStart(new Date(), await userCreatedAt(app.db, userId));

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, request.raw.httpVersionMajor >= 2 ? HEADERS : HTTP1_HEADERS);
      const client = new StreamClient(res, {
        lastEventId: after,
        fields: request.query,
        queueLimit: QUEUE_LIMIT,
        onClose: () => {
          hub.remove(projectId, client);
          sessions.delete(client);
        },
      });
      sessions.set(client, { tokenId, projectId });
      res.on('close', () => client.close());
      client.write(sseRetry(RETRY_MS) + sseMessage('open', {}));
      // Joined before the replay query: what is published meanwhile is held, so nothing falls in between.
      hub.add(projectId, client, reader.roles);
      try {
        for (let seq = after; seq !== undefined && !client.closed;) {
          const page = await notificationsAfter(app.db, reader, seq, from, REPLAY_PAGE);
          for (const item of page) client.replay(item);
          await client.drained();
          seq = page.length === REPLAY_PAGE ? page.at(-1)!.seq : undefined;
        }
        client.goLive();
      } catch (error) {
        request.log.error({ err: error }, 'notification stream replay failed');
        client.close();
      }
    },
  );
};
