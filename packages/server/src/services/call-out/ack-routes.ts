import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wording, type Wording } from '../../i18n/wording.ts';
import { acknowledgeByLink, type LinkOutcome } from './ack-link.ts';
import { localeOf, textsFor } from './call-out-texts.ts';

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/** The small page a link answers, in the language of the person it was sent to. */
function page(outcome: LinkOutcome, words: Wording): string {
  const t = textsFor(outcome.locale);
  const [title, text] = outcome.acknowledged
    ? [t.acknowledged, t.acknowledgedText(words.event(localeOf(outcome.locale), outcome.what))]
    : [t.refused, t.refusedText];
  const colour = outcome.acknowledged ? '#1b5e20' : '#b71c1c';
  return `<!doctype html>
<html lang="${localeOf(outcome.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Vigil</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}h1{color:${colour};font-size:1.4rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p>Vigil</p></body></html>`;
}

/**
 * `GET /rules-engine/api/v1/alarms/ack/{token}` (DESIGN §3.2): the link in every call-out message.
 * Public: the token is the credential. A used, expired or forged link answers a page saying so (JSON in
 * the error shape to a client that does not ask for HTML), and acknowledges nothing.
 */
export const ackLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const words = wording(app.config.WEB_DIST);
  app.get(
    '/alarms/ack/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['alarms'],
        description: 'Acknowledges the alarm of a call-out message as the person it was sent to; answers an HTML page',
        security: [],
        params: z.object({ token: z.string().max(200) }),
        produces: ['text/html', 'application/json'],
      },
    },
    async (request, reply) => {
      const outcome = await acknowledgeByLink(app.db, request.params.token, new Date().toISOString());
      const status = outcome.acknowledged ? 200 : outcome.reason === 'unknown' ? 404 : 410;
      reply.code(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // A browser (the link clicked in a message) gets the page; a program gets JSON, errors in the error shape.
      if (request.headers.accept?.includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(page(outcome, words));
      if (outcome.acknowledged) return { acknowledged: true };
      const t = textsFor(outcome.locale);
      return { error_type: status === 404 ? 'NotFound' : 'Gone', message: `${t.refused}. ${t.refusedText}` };
    },
  );
};
