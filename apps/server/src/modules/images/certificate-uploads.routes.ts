import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CERTIFICATE_TOO_LARGE_MESSAGE, safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../plugins/uploads';
import { AppError } from '../../lib/errors';
import { sniffImageType } from '../../lib/image-store';
import { checkPdf, type PdfRefusal } from '../../lib/pdf-check';
import { recordChangeIn } from '../audit';
import { readUploadedFile, saveImage, storageFailure } from './store-uploaded-image';

export const CERTIFICATE_NOT_ACCEPTED = 'Only PDF, JPEG, PNG and WebP files are allowed';
/** Why a PDF was refused, in the uploader's words (decision 0069). */
export const PDF_REFUSED: Record<PdfRefusal, string> = {
  NOT_PDF: CERTIFICATE_NOT_ACCEPTED,
  MALFORMED: 'The PDF could not be read: the file is damaged or not a real PDF',
  ENCRYPTED: 'The PDF is password-protected: upload an unprotected copy or a photo of the certificate',
  NO_PAGES: 'The PDF has no pages',
  ACTIVE_CONTENT:
    'The PDF contains scripts, attached files or actions, so it cannot be shown to buyers: upload the lab’s plain PDF or a photo of the certificate',
};

/**
 * A product certificate's file (issue 26 item 6): a lab's PDF, checked by content (`checkPdf`) and
 * stored as uploaded, or a photo or scan, which goes through the image pipeline (re-encoded). Same
 * people as the product form; the stored name goes into the certificate's `file`.
 */
export const certificateUploadsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    app.post(
      '/certificate/uploads',
      {
        config: { access: { permission: 'MANAGE_PRODUCTS' } },
        schema: {
          tags: ['images'],
          consumes: ['multipart/form-data'],
          description:
            'Multipart field `file`: a lab certificate as PDF (no scripts, attachments or actions; not encrypted) or as a JPEG, PNG or WebP image; at most 5 MB. Answers the stored name as text (`….pdf` or `….webp`).',
          response: { 201: safeString() },
          security: [{ bearer: [] }],
        },
      },
      async (req, reply) => {
        const buffer = await readUploadedFile(
          req,
          CERTIFICATE_TOO_LARGE_MESSAGE,
          'Please choose the certificate file to upload',
        );
        const sha256 = createHash('sha256').update(buffer).digest('hex');
        let name: string;
        let after: Record<string, unknown>;
        if (sniffImageType(buffer)) {
          name = await saveImage(buffer, ctx);
          after = { name, kind: 'image', bytes: buffer.length, sha256 };
        } else {
          const verdict = await checkPdf(buffer);
          if (!verdict.ok) {
            req.log.info(
              { reason: verdict.reason, bytes: buffer.length, sha256 },
              'certificate upload refused',
            );
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', PDF_REFUSED[verdict.reason]);
          }
          name = await ctx.images.savePdf(buffer).catch((err: unknown) => {
            throw storageFailure(err, ctx);
          });
          after = { name, kind: 'pdf', bytes: buffer.length, pages: verdict.pages, sha256 };
        }
        await recordChangeIn(ctx.db, {
          action: 'create',
          entityType: 'certificate-file',
          entityId: name,
          after,
        });
        return reply.status(201).type('text/plain; charset=utf-8').send(name);
      },
    );
  };
