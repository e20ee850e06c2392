import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env';
import type { Db, DbKind } from './db/client';
import type { TokenService } from './plugins/auth';
import type { ImageStore } from './lib/image-store';

/** What every module's services receive: no globals, so each test builds its own. */
export type AppContext = {
  db: Db;
  dbKind: DbKind;
  config: Config;
  tokens: TokenService;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Uploaded and generated images under DATA_DIR/uploads. */
  images: ImageStore;
};
