import type { Config } from '../../env';
import type { Db } from '../../db/client';
import type { HeadRenderer } from '../../plugins/web-app';

/** Server-rendered head tags for shared storefront pages (filled in by the storefront work). */
export function createStorefrontHead(_deps: { db: Db; config: Config }): HeadRenderer {
  return async () => null;
}
