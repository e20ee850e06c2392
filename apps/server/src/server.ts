import { ConfigError, parseEnv } from './env';
import { resolveConfig, ensureFirstAdmin } from './bootstrap';
import { connect } from './db/client';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './db/seed/seed-demo';
import { createStorefrontHead } from './modules/seo/seo.service';

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const config = resolveConfig(env);
  const database = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(database);

  const renderHead = createStorefrontHead({ db: database.db, config });
  const app = await buildApp({
    config,
    database,
    serveWeb: config.NODE_ENV === 'production',
    renderHead,
    backgroundJobs: true,
  });

  if (await ensureFirstAdmin(database.db, config)) app.log.info(`created admin ${config.ADMIN_USERNAME}`);
  if (config.seedDemo) {
    const accounts = await seedDemoIfEmpty(database.db, config);
    if (accounts) {
      console.log('\nDemo data created. Demo accounts (passwords are generated for this database):');
      for (const a of accounts) console.log(`  ${a.role.padEnd(16)} ${a.username.padEnd(16)} ${a.password}`);
      console.log('Keep them: they are printed only on this first start.\n');
    }
  }

  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `Zevar is running at ${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`} (database: ${database.kind})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
