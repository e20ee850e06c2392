import type { FastifyReply } from 'fastify';

/** Sends a PDF as a download that no shared cache keeps (invoices, labels, statements, certificates). */
export function replyPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
