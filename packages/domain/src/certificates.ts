import { z } from 'zod';
import { safeString } from './primitives';

/**
 * What a buyer checks before paying lakhs for a stone (issue 26 item 6): whether a diamond is natural
 * or lab-grown, and the grading certificate with a link to the lab's own verification page.
 */

export const STONE_KINDS = ['DIAMOND', 'GEMSTONE'] as const;
export type StoneKind = (typeof STONE_KINDS)[number];

export const STONE_ORIGINS = ['NATURAL', 'LAB_GROWN'] as const;
export type StoneOrigin = (typeof STONE_ORIGINS)[number];

/** The words printed on the product page, the breakup, the order and the invoice. */
export const STONE_ORIGIN_LABEL: Record<StoneOrigin, string> = {
  NATURAL: 'Natural',
  LAB_GROWN: 'Lab-grown',
};
/** 'Lab-grown diamond', 'Natural gemstone'. */
export function stoneLabel(kind: StoneKind, origin: StoneOrigin | null | undefined): string {
  const noun = kind === 'DIAMOND' ? 'diamond' : 'gemstone';
  return origin ? `${STONE_ORIGIN_LABEL[origin]} ${noun}` : noun[0]!.toUpperCase() + noun.slice(1);
}

export const CERTIFICATE_LABS = ['IGI', 'GIA', 'SGL', 'HRD', 'GII', 'IIGJ', 'OTHER'] as const;
export type CertificateLab = (typeof CERTIFICATE_LABS)[number];

/**
 * One table per lab: its name, the shape of its report numbers where known, and its public
 * verification page (`{n}` is the report number). 'Other' has neither: the buyer gets the file.
 */
export const LAB_TABLE: Record<
  CertificateLab,
  { name: string; reportNumber: RegExp; example: string; verifyUrl: string | null }
> = {
  IGI: {
    name: 'International Gemological Institute (IGI)',
    reportNumber: /^(LG)?\d{8,10}$/,
    example: 'LG612345678',
    verifyUrl: 'https://www.igi.org/verify-your-report/?r={n}',
  },
  GIA: {
    name: 'Gemological Institute of America (GIA)',
    reportNumber: /^\d{7,10}$/,
    example: '2141438167',
    verifyUrl: 'https://www.gia.edu/report-check?reportno={n}',
  },
  SGL: {
    name: 'Solitaire Gemmological Laboratories (SGL)',
    reportNumber: /^[A-Z0-9]{6,15}$/,
    example: 'SGL2300123',
    verifyUrl: 'https://sgl-labs.com/verify-report/?reportno={n}',
  },
  HRD: {
    name: 'HRD Antwerp',
    reportNumber: /^\d{9,12}$/,
    example: '230000123456',
    verifyUrl: 'https://my.hrdantwerp.com/?record_number={n}',
  },
  GII: {
    name: 'Gemmological Institute of India (GII)',
    reportNumber: /^[A-Z0-9/-]{4,20}$/,
    example: 'GII-2024-00123',
    verifyUrl: null,
  },
  IIGJ: {
    name: 'Indian Institute of Gems & Jewellery (IIGJ)',
    reportNumber: /^[A-Z0-9/-]{4,20}$/,
    example: 'IIGJ/24/00123',
    verifyUrl: null,
  },
  OTHER: { name: 'Other laboratory', reportNumber: /^[A-Z0-9/-]{3,30}$/, example: 'ABC-12345', verifyUrl: null },
};

/** The lab's verification page for a report, or null when the lab has none we know. */
export function certificateVerifyUrl(lab: CertificateLab, reportNumber: string): string | null {
  const template = LAB_TABLE[lab].verifyUrl;
  return template ? template.replace('{n}', encodeURIComponent(reportNumber)) : null;
}

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
