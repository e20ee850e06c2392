import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CERTIFICATE_LABS,
  LAB_TABLE,
  certificateDownloadName,
  certificateVerifyUrl,
  isCertificatePdf,
  verifyLinkOpensReport,
} from './stones';

/** A URL's page, its query parameters decoded in order, and whether it has a fragment. */
function parse(url: string) {
  const [page, query = ''] = url.split('?', 2) as [string, string?];
  return {
    page,
    hash: url.includes('#'),
    params: query
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
  };
}

describe("labs' verification links (decision 0069)", () => {
  it('builds the deep link of each lab that has one', () => {
    expect(certificateVerifyUrl('GIA', '2141438167')).toBe(
      'https://www.gia.edu/report-check?reportno=2141438167',
    );
    expect(certificateVerifyUrl('IGI', 'LG612345678')).toBe(
      'https://www.igi.org/reports/verify-your-report?r=LG612345678',
    );
    expect(certificateVerifyUrl('HRD', '230000123456')).toBe(
      'https://my.hrdantwerp.com/?record_number=230000123456',
    );
    expect(verifyLinkOpensReport('GIA')).toBe(true);
  });

  it("sends SGL's buyers to its report-check page (no deep link could be confirmed), and none for the rest", () => {
    expect(certificateVerifyUrl('SGL', 'SGL2300123')).toBe('https://sgl-labs.com/report-verification/');
    expect(verifyLinkOpensReport('SGL')).toBe(false);
    for (const lab of ['GII', 'IIGJ', 'OTHER'] as const) {
      expect(certificateVerifyUrl(lab, 'ABC-123')).toBeNull();
      expect(verifyLinkOpensReport(lab)).toBe(false);
    }
  });

  it('encodes the report number as one query value: nothing in it can add a parameter or change the page', () => {
    expect(certificateVerifyUrl('GIA', '12/34&x=1#y')).toBe(
      'https://www.gia.edu/report-check?reportno=12%2F34%26x%3D1%23y',
    );
    const deep = CERTIFICATE_LABS.filter(verifyLinkOpensReport);
    fc.assert(
      fc.property(fc.constantFrom(...deep), fc.string({ minLength: 1, maxLength: 30 }), (lab, n) => {
        const url = parse(certificateVerifyUrl(lab, n)!);
        const template = parse(LAB_TABLE[lab].verifyUrl!.replace('{n}', 'N'));
        expect(url.page).toBe(template.page);
        expect(url.hash).toBe(false);
        expect(url.params.map(([k]) => k)).toEqual(template.params.map(([k]) => k));
        const at = template.params.findIndex(([, v]) => v === 'N');
        expect(url.params[at]![1]).toBe(n);
      }),
    );
  });

  it('every link is https on the lab’s own site', () => {
    for (const lab of CERTIFICATE_LABS) {
      const url = certificateVerifyUrl(lab, LAB_TABLE[lab].example);
      if (url) expect(url).toMatch(/^https:\/\/[a-z.-]+\.(org|edu|com)\//);
    }
  });
});

describe('certificate PDFs', () => {
  it('knows our stored PDF names only', () => {
    expect(isCertificatePdf('0123456789abcdef0123456789abcdef.pdf')).toBe(true);
    expect(isCertificatePdf('0123456789abcdef0123456789abcdef.webp')).toBe(false);
    expect(isCertificatePdf('../0123456789abcdef0123456789abcdef.pdf')).toBe(false);
    expect(isCertificatePdf(null)).toBe(false);
  });

  it('names the download after the lab and the report, with nothing a header or a path could be broken by', () => {
    expect(certificateDownloadName('IGI', null, 'LG612345678')).toBe('IGI-LG612345678-certificate.pdf');
    expect(certificateDownloadName('GII', null, 'GII/2024/00123')).toBe('GII-GII-2024-00123-certificate.pdf');
    expect(certificateDownloadName('OTHER', 'Gem "Lab"\r\nX-Evil: 1 ..\\', 'A-1')).toBe(
      'Gem-Lab-X-Evil-1-A-1-certificate.pdf',
    );
    fc.assert(
      fc.property(fc.constantFrom(...CERTIFICATE_LABS), fc.string(), fc.string(), (lab, name, n) => {
        expect(certificateDownloadName(lab, name, n)).toMatch(/^[A-Za-z0-9-]+\.pdf$/);
      }),
    );
  });
});
