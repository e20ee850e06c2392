import { ConfigError, parseEnv } from './env';
import { resolveConfig } from './bootstrap';
import { connect } from './db/client';
import { buildApp } from './app';
import type { Lifecycle } from './context';
import { prepareDatabase } from './prepare-database';

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
  const prepared = await prepareDatabase(database, config);

  const lifecycle: Lifecycle = { state: 'starting', jobs: 'off' };
  const role = config.PROCESS_ROLE;
  const app = await buildApp({
    config,
    database,
    serveWeb: config.NODE_ENV === 'production' && role !== 'worker',
    serveApi: role !== 'worker',
    backgroundJobs: role !== 'web',
    lifecycle,
  });

  if (prepared.createdAdmin) app.log.info(`created admin ${config.ADMIN_USERNAME}`);
  if (prepared.demoAccounts) {
    console.log('\nDemo data created. Demo accounts (passwords are generated for this database):');
    for (const a of prepared.demoAccounts)
      console.log(`  ${a.role.padEnd(16)} ${a.username.padEnd(16)} ${a.password}`);
    console.log('Keep them: they are printed only on this first start.\n');
  }

  // Stop taking requests (readiness turns 503 first), let those in flight and running jobs finish,
  // then exit; past the grace period the process exits anyway.
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    lifecycle.state = 'stopping';
    const deadline = setTimeout(() => {
      app.log.warn(`still busy after ${config.SHUTDOWN_GRACE_SECONDS}s: exiting`);
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    deadline.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  if (config.PAYMENTS === 'sandbox') {
    console.log(
      config.implicitSandbox
        ? '\nDemo shop: payments are simulated (PAYMENTS is not set). No money is taken; the shop answers this computer only.\nSet PAYMENTS=razorpay to take real payments.\n'
        : '\nDemo shop: payments are simulated (PAYMENTS=sandbox). No money is taken for any order.\n',
    );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  lifecycle.state = 'ready';
  console.log(
    `Zevar is running at ${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`} (database: ${database.kind}, role: ${role})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
