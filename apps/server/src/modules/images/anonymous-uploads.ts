import { and, asc, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { anonymousUploads } from '../../db/schema';
import { referencedImages } from './image-references.read-model';

/** An anonymous upload no record uses after this long is deleted. */
export const UNUSED_UPLOAD_MS = 24 * 3600_000;
const BATCH = 200;

/** Notes an anonymous upload (a review photo) so the sweep can delete it when nothing uses it. */
export async function recordAnonymousUpload(ctx: Pick<AppContext, 'db' | 'now'>, name: string) {
  await ctx.db.insert(anonymousUploads).values({ name, uploadedAt: ctx.now() }).onConflictDoNothing();
}

/**
 * Deletes anonymous uploads older than a day that no product (photos, description, certificate scan), category, carousel slide, review,
 * order line, checkout, email template or vendor profile refers to (the file and its width copies),
 * and stops tracking those a record uses (they belong to that record now). Runs as a periodic job.
 */
export async function sweepAnonymousUploads(
  ctx: Pick<AppContext, 'db' | 'images' | 'now'>,
): Promise<{ deleted: number; kept: number }> {
  const before = new Date(ctx.now().getTime() - UNUSED_UPLOAD_MS);
  let deleted = 0;
  let kept = 0;
  for (;;) {
    const due = await ctx.db
      .select({ name: anonymousUploads.name })
      .from(anonymousUploads)
      .where(lt(anonymousUploads.uploadedAt, before))
      .orderBy(asc(anonymousUploads.uploadedAt))
      .limit(BATCH);
    if (due.length === 0) break;
    const names = due.map((d) => d.name);
    const used = await referencedImages(ctx.db, names);
    for (const name of names) {
      if (used.has(name)) kept++;
      else {
        await ctx.images.remove(name);
        deleted++;
      }
    }
    await ctx.db
      .delete(anonymousUploads)
      .where(and(inArray(anonymousUploads.name, names), lt(anonymousUploads.uploadedAt, before)));
    if (due.length < BATCH) break;
  }
  return { deleted, kept };
}
