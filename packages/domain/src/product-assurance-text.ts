/* Without zod: the product page's lazily loaded proofs panel shows these words. */

/** The product page's words for these proofs. */
export const ASSURANCE_TEXT = {
  emiFrom: (monthly: string) => `EMI from ${monthly}/month`,
  emiHeading: 'EMI options',
  emiNote: 'On credit cards and cardless EMI at checkout; the bank may add its own processing fee.',
  insured:
    'Insured shipping: this piece travels fully insured and is handed over only against a one-time code.',
  hallmarkHeading: 'BIS hallmark and HUID',
  hallmarkExplain:
    'Every hallmarked piece carries the BIS mark, its purity (for example 22K916) and a HUID: a 6-character code unique to the piece.',
  hallmarkVerify:
    "To verify it, open the BIS CARE app (Android or iOS), choose 'Verify HUID' and enter the code engraved on the piece: the app shows the jeweller, the purity and the hallmarking centre.",
  bisRegistration: (n: string) => `Seller's BIS registration: ${n}`,
  certificateHeading: 'Certificate',
  verifyCertificate: "Verify on the lab's website",
  verifyCertificateByNumber: (n: string) => `Verify on the lab's website (enter report number ${n})`,
  viewCertificate: 'View the certificate',
  viewCertificatePdf: 'View certificate (PDF)',
  returnsHeading: 'Returns and exchanges',
  noReturns: 'All sales are final: no returns, no exchanges, no refunds.',
  returnWindow: (days: number) =>
    `Returnable within ${days} ${days === 1 ? 'day' : 'days'} of delivery. No exchanges.`,
  notReturnableCap: 'This piece is above the value that can be returned: all sales of it are final.',
  notReturnableCategory: 'Pieces of this category cannot be returned: all sales of it are final.',
  policyLink: 'Read the return policy',
} as const;
