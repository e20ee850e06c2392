/**
 * Stones without zod (the storefront's first script shows these words): diamond or gemstone, natural
 * or lab-grown, and the certificate labs with their report-number shapes and verification pages.
 * The input schemas are in certificates.ts.
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
 * verification page. `{n}` in it is the report number: a deep link that opens that report. Where no
 * deep link could be confirmed (decision 0069) it is the lab's report-check page, where the buyer
 * types the number we show. GII, IIGJ and 'Other' have none we know: the buyer gets the file.
 */
export const LAB_TABLE: Record<
  CertificateLab,
  { name: string; reportNumber: RegExp; example: string; verifyUrl: string | null }
> = {
  IGI: {
    name: 'International Gemological Institute (IGI)',
    reportNumber: /^(LG)?\d{8,10}$/,
    example: 'LG612345678',
    verifyUrl: 'https://www.igi.org/reports/verify-your-report?r={n}',
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
    verifyUrl: 'https://sgl-labs.com/report-verification/',
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
  OTHER: {
    name: 'Other laboratory',
    reportNumber: /^[A-Z0-9/-]{3,30}$/,
    example: 'ABC-12345',
    verifyUrl: null,
  },
};

/**
 * The lab's verification page for a report (the report number encoded as one query value), or null
 * when the lab has none we know.
 */
export function certificateVerifyUrl(lab: CertificateLab, reportNumber: string): string | null {
  const template = LAB_TABLE[lab].verifyUrl;
  return template ? template.replace('{n}', encodeURIComponent(reportNumber)) : null;
}

/** Whether the lab's link opens the report itself, or its report-check page where the number is typed. */
export const verifyLinkOpensReport = (lab: CertificateLab): boolean =>
  Boolean(LAB_TABLE[lab].verifyUrl?.includes('{n}'));

/** A certificate stored as a PDF: our own name for it (checked by content on upload, decision 0069). */
export const CERTIFICATE_PDF_NAME = /^[a-f0-9]{32}\.pdf$/;
export const isCertificatePdf = (file: string | null | undefined): boolean =>
  Boolean(file && CERTIFICATE_PDF_NAME.test(file));

/**
 * The name a downloaded certificate is saved under: `IGI-LG612345678-certificate.pdf`. Only letters,
 * digits and `-` survive (a GII number's `/`, an 'Other' lab's name with quotes or accents), so the
 * `Content-Disposition` header can never be broken out of or point at a path.
 */
export function certificateDownloadName(
  lab: CertificateLab,
  labName: string | null,
  reportNumber: string,
): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
  const parts = [clean(lab === 'OTHER' ? (labName ?? '') : lab), clean(reportNumber), 'certificate'];
  return `${parts.filter(Boolean).join('-')}.pdf`;
}
