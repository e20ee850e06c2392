import type { Config } from '../../env';
import type { Db } from '../client';

export type DemoAccount = { role: string; username: string; password: string };

/** Loads the demo catalogue into an empty database; returns the demo accounts, or null when not empty. */
export async function seedDemoIfEmpty(_db: Db, _config: Config): Promise<DemoAccount[] | null> {
  return null;
}
