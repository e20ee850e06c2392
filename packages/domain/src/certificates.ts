import { z } from 'zod';
import { safeString } from './primitives';
import { CERTIFICATE_LABS, LAB_TABLE, STONE_KINDS, STONE_ORIGINS, type CertificateLab } from './stones';

/**
 * What a buyer checks before paying lakhs for a stone (issue 26 item 6): whether a diamond is natural
 * or lab-grown, and the grading certificate with a link to the lab's own verification page.
 */

export const STONE_ORIGIN_REQUIRED = 'Choose natural or lab-grown';
export const reportNumberMessage = (lab: CertificateLab) =>
  `Enter the ${lab === 'OTHER' ? '' : `${lab} `}report number as printed (for example ${LAB_TABLE[lab].example})`;

const shortText = (max: number) =>
  safeString()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A grading certificate as the product form sends it. */
export const certificateInputSchema = z
  .object({
    lab: z.enum(CERTIFICATE_LABS, { message: 'Choose the laboratory' }),
    /** The laboratory's name when it is 'Other'. */
    labName: shortText(100),
    reportNumber: safeString()
      .trim()
      .min(1, 'This field is required')
      .max(30, 'At most 30 characters')
      .transform((v) => v.toUpperCase().replace(/\s+/g, '')),
    /** Total carat weight the report states, up to three decimals. */
    carat: z
      .number({ message: 'Must be a number' })
      .finite()
      .gt(0, 'Carat must be above 0')
      .max(10_000, 'Carat is too large')
      .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'At most three decimals'),
    colour: shortText(20),
    clarity: shortText(20),
    cut: shortText(30),
    /** The certificate's scan: an uploaded file's stored name (checked by content on upload). */
    file: shortText(500),
  })
  .superRefine((c, ctx) => {
    if (!LAB_TABLE[c.lab].reportNumber.test(c.reportNumber))
      ctx.addIssue({ code: 'custom', path: ['reportNumber'], message: reportNumberMessage(c.lab) });
    if (c.lab === 'OTHER' && !c.labName)
      ctx.addIssue({ code: 'custom', path: ['labName'], message: 'Name the laboratory' });
  });
export type CertificateInput = z.infer<typeof certificateInputSchema>;

/**
 * The stones of a product: diamonds or other gemstones, natural or lab-grown (required for
 * diamonds), and the certificate when there is one.
 */
export const gemInputSchema = z
  .object({
    kind: z.enum(STONE_KINDS, { message: 'Choose diamond or gemstone' }),
    origin: z.enum(STONE_ORIGINS, { message: STONE_ORIGIN_REQUIRED }).nullish(),
    certificate: certificateInputSchema.nullish(),
  })
  .superRefine((g, ctx) => {
    if (g.kind === 'DIAMOND' && !g.origin)
      ctx.addIssue({ code: 'custom', path: ['origin'], message: STONE_ORIGIN_REQUIRED });
  });
export type GemInput = z.infer<typeof gemInputSchema>;

/** A certificate as the API answers it (with the lab's verification link). */
export const certificateSchema = z.object({
  lab: z.enum(CERTIFICATE_LABS),
  labName: safeString().nullable(),
  reportNumber: safeString(),
  carat: z.number(),
  colour: safeString().nullable(),
  clarity: safeString().nullable(),
  cut: safeString().nullable(),
  file: safeString().nullable(),
  verifyUrl: safeString().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const gemSchema = z.object({
  kind: z.enum(STONE_KINDS),
  origin: z.enum(STONE_ORIGINS).nullable(),
  certificate: certificateSchema.nullable(),
});
export type Gem = z.infer<typeof gemSchema>;
