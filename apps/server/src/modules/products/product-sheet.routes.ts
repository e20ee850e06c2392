import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  importApplyQuery,
  importReportSchema,
  productExportQuery,
  type ImportProgressLine,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../plugins/uploads';
import { AppError, badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { createProductImport } from './apply-product-import';
import { sendProductsCsv, sendProductsXlsx } from './export-products';
import { readProductSheet } from './read-product-sheet';

const MANAGE = { permission: 'MANAGE_PRODUCTS' } as const;
const security = [{ bearer: [] }];
const tags = ['products'];

const isTooLarge = (err: unknown) => {
  const e = err as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
};

/** The uploaded sheet (multipart field `file`), read as it arrives; its name for the records. */
async function uploadedSheet(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data field "file"');
  let part;
  try {
    part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  } catch (err) {
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    throw badRequest('The upload could not be read');
  }
  if (!part || part.fieldname !== 'file') throw badRequest('Please choose a file to import');
  const file = part.file;
  const sheet = await readProductSheet(file, () => file.truncated);
  return { sheet, fileName: part.filename.replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 120) || 'upload' };
}

const line = (l: ImportProgressLine) => `${JSON.stringify(l)}\n`;

/** Product export and import (docs/decisions/0055); MANAGE_PRODUCTS. */
export const productSheetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const imports = createProductImport(ctx);

    app.get(
      '/products/export',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          description:
            'Every product with every field of the product form, one row each (CSV or xlsx); categories, metals and purities by name, HUIDs of the pieces on the shelf. The import reads the same file.',
          querystring: productExportQuery,
          security,
        },
      },
      async (req, reply) =>
        req.query.format === 'xlsx'
          ? sendProductsXlsx(reply, ctx.db, ctx.now(), ctx.config.BUSINESS_TIMEZONE)
          : sendProductsCsv(reply, ctx.db, ctx.now()),
    );

    app.post(
      '/products/import/check',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `The dry run: multipart field \`file\` (CSV or xlsx, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB) as the export writes it; products are matched by SKU. Answers what each row would do (created, updated with each column before and after, unchanged) and every error with its row and column. Nothing is written.`,
          response: { 200: importReportSchema },
          security,
        },
      },
      async (req) => imports.check((await uploadedSheet(req)).sheet),
    );

    app.post(
      '/products/import/apply',
      {
        config: { access: MANAGE },
        // Progress lines must reach the browser as they are written, not when a compressor flushes.
        compress: false,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: importApplyQuery,
          description:
            "Applies the file the dry run checked (the same upload and the dry run's `checksum`): all rows in one transaction, or nothing. Refused (400) while the file has errors and (409) when the file or the catalogue changed since the dry run. Answers NDJSON as it works: `{type:'progress',done,total}` lines, then `{type:'report',report}` or `{type:'failed',code,message}` (nothing applied).",
          security,
        },
      },
      async (req, reply) => {
        const { sheet, fileName } = await uploadedSheet(req);
        const out = new PassThrough();
        let started!: () => void;
        const begun = new Promise<void>((resolve) => (started = resolve));
        const work = imports.apply(sheet, {
          checksum: req.query.checksum,
          fileName,
          adjustedBy: currentUser(req).username,
          onStarted: () => started(),
          onProgress: (done, total) => out.write(line({ type: 'progress', done, total })),
        });
        // A refusal before anything is written (errors, a changed catalogue) is an ordinary answer.
        await Promise.race([begun, work]);
        work.then(
          (report) => out.end(line({ type: 'report', report })),
          (err: unknown) => {
            const known = err instanceof AppError;
            if (!known || err.status >= 500)
              req.log.error({ err }, 'product import failed; nothing was applied');
            out.end(
              line({
                type: 'failed',
                code: known ? err.code : 'INTERNAL',
                message: known ? err.message : 'The import failed; nothing was applied',
              }),
            );
          },
        );
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(out);
      },
    );
  };
