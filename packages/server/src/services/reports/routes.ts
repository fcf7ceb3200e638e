import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaStorage, type MediaStorage } from '../media/storage/media-storage.ts';
import { makeReport } from './report-generation.ts';
import { reportQueue } from './report-queue.ts';
import { reportRoutes } from './report-routes.ts';
import { emailReport, reportScheduler } from './report-schedule.ts';
import { reportService } from './report-service.ts';
import { reportStore } from './report-store.ts';
import { reportTemplateService } from './report-template-service.ts';
import { reportTemplateStore } from './report-template-store.ts';

/**
 * One server's report jobs: its queue (claiming reports, making them, queueing the e-mail of scheduled
 * ones in the call-out's outbox in the transaction that marks them done) and its scheduler. Tests make
 * a second one on the same database to play another server, with a fake clock.
 */
export function reportJobs(app: FastifyInstance, storage: MediaStorage, clock: () => Date = () => new Date()) {
  const store = reportStore(app.db);
  const host = { db: app.db, dialect: app.dialect, log: app.log, storage, webDist: app.config.WEB_DIST };
  const queue = reportQueue(app, store, (row) =>
    makeReport(host, store, row, (trx, made) =>
      made.origin === 'schedule' ? emailReport(trx, made) : Promise.resolve(),
    ),
  );
  const scheduler = reportScheduler({ templates: reportTemplateStore(app.db), store, queue, clock, log: app.log });
  return { store, queue, scheduler };
}

/**
 * Monitoring reports (issue 39, ADR 0051), mounted at the UI service's prefix (DESIGN §3.2): templates,
 * reports made in the background and archived in the media storage, their review, and schedules.
 */
export const reportsService = fp(async (app: FastifyInstance, options: { prefix?: string }) => {
  const storage = createMediaStorage(app.config);
  const { queue, scheduler } = reportJobs(app, storage);
  await app.register(reportRoutes, {
    prefix: options.prefix ?? '',
    templates: reportTemplateService(app.db),
    reports: reportService(app.db, queue, storage),
  });
  app.addHook('onReady', async () => {
    await queue.resume();
    // Tests tick schedulers of their own, on a fake clock.
    if (app.config.NODE_ENV !== 'test') scheduler.start();
  });
  app.addHook('preClose', async () => {
    scheduler.stop();
    await queue.stop();
  });
  app.addHook('onClose', async () => storage.close());
});
