import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  // DRIZZLE_OUT lets scripts/check-migrations.sh generate into a scratch copy.
  out: process.env.DRIZZLE_OUT ?? './apps/server/drizzle',
});
