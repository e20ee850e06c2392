import { z } from 'zod';
import { editVersionOut, editVersionSchema, safeString } from './primitives';
import { MSG } from './messages';

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  subject: safeString(),
  variables: safeString(),
  body: safeString(),
  updatedAt: safeString(),
  /** The version an edit must name; each saved edit bumps it. */
  version: editVersionOut,
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** Name and subject are required (back-office §5); the body is HTML, sanitised by the server. */
export const emailTemplateInputSchema = z.object({
  name: safeString().trim().min(1, MSG.required).max(100, MSG.invalidInput),
  subject: safeString().trim().min(1, MSG.required).max(200, MSG.invalidInput),
  variables: safeString().trim().max(500, MSG.invalidInput).optional().default(''),
  body: safeString().max(200_000, MSG.invalidInput).optional().default(''),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;
/** An edit of a template: the version it started from (409 with the newer template when it moved on). */
export const emailTemplateUpdateSchema = emailTemplateInputSchema.extend({ version: editVersionSchema });
export type EmailTemplateUpdate = z.infer<typeof emailTemplateUpdateSchema>;

/** The body a new template starts with (placeholders for customer name and order number). */
export const DEFAULT_TEMPLATE_BODY =
  '<h2>Thank you for your order, {{customerName}}!</h2>\n<p>Your order <strong>{{orderNumber}}</strong> has been confirmed.</p>';

/** A template as the admin is editing it, to be rendered with sample values (nothing is saved). */
export const emailPreviewInputSchema = z.object({
  subject: z.string().max(200, MSG.invalidInput).default(''),
  body: z.string().max(200_000, MSG.invalidInput).default(''),
});
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
