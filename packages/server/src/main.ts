import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { seedDemoCrossSections } from './demo/seed-cross-sections.ts';
import { seedDemoJournal } from './demo/seed-journal.ts';
import { seedDemoMedia } from './demo/seed-media.ts';
import { startDemoData, type DemoData } from './demo/simulator.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { db, dialect } = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const app = await buildApp(config, db, dialect);
  if (config.seedDemo && (await seedDemoIfEmpty(db, { passwordCost: config.PASSWORD_HASH_COST, log: app.log }))) {
    await seedDemoMedia(app);
    await seedDemoJournal(app);
    await seedDemoCrossSections(app);
  }

  let demo: DemoData | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await demo?.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `Vigil ${dialect === 'postgres' ? 'on PostgreSQL' : `on SQLite in ${config.DATA_DIR}`} at ${config.PUBLIC_URL}`,
  );
  // After listening: the history is written in the background, between requests (ADR 0008).
  if (config.seedDemo) {
    demo = startDemoData(app, {
      history: config.DEMO_HISTORY === 'on',
      historyDays: config.DEMO_HISTORY_DAYS,
      simulate: config.SIMULATOR === 'on',
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
