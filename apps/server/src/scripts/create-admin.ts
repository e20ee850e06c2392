/**
 * npm run create-admin -- --username NAME [--email E]   (the password is asked for, or read from ADMIN_PASSWORD)
 * Creates a SUPER_ADMIN in the configured database (embedded in DATA_DIR, or DATABASE_URL).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { MSG, isStrongPassword } from '@zevar/domain';
import { ConfigError, parseEnv } from '../env';
import { createAdmin, resolveConfig } from '../bootstrap';
import { connect } from '../db/client';
import { migrate } from '../db/migrate';
import { STARTUP_LOCK_KEY } from '../prepare-database';

async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' } } });
  const config = resolveConfig(parseEnv(process.env));
  const username = values.username ?? config.ADMIN_USERNAME;
  if (!username) throw new ConfigError('Give --username NAME (or ADMIN_USERNAME).');
  let password = config.ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question(`Password for ${username}: `);
    rl.close();
  }
  if (!isStrongPassword(password)) throw new ConfigError(MSG.password);
  const database = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.withLock(STARTUP_LOCK_KEY, () => migrate(database));
    const created = await createAdmin(database.db, {
      username,
      password,
      email: values.email ?? config.ADMIN_EMAIL,
    });
    console.log(
      created
        ? `Admin ${username} created (SUPER_ADMIN).`
        : `A user named ${username} already exists; nothing changed.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
