// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product, ProductAssurance } from '@zevar/domain';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import BuyerProofs from './BuyerProofs';

const solitaire = {
  id: 9,
  price: 150_000,
  hallmarked: true,
  gem: {
    kind: 'DIAMOND',
    origin: 'NATURAL',
    certificate: {
      lab: 'GIA',
      labName: null,
      reportNumber: '2141438167',
      carat: 1.01,
      colour: 'F',
      clarity: 'VS1',
      cut: null,
      file: 'c'.repeat(32) + '.webp',
      verifyUrl: 'https://www.gia.edu/report-check?reportno=2141438167',
    },
  },
} as unknown as Product;

const assurance = (over: Partial<ProductAssurance> = {}): ProductAssurance => ({
  emi: {
    minimum: 3000,
    options: [
      { months: 12, annualRatePercent: 15, monthly: 13_539, total: 162_468 },
      { months: 3, annualRatePercent: 0, monthly: 50_000, total: 150_000 },
    ],
  },
  shipping: { insured: true, insuredAbove: 50_000 },
  hallmark: { bisRegistration: 'HM/C-1234567890' },
  returns: { kind: 'WINDOW', days: 7, refusal: null },
  ...over,
});

function show(product: Product, answer: ProductAssurance) {
  const fetchMock = mockFetch(() => jsonResponse(answer));
  renderRoutes(
    [{ path: '/:vendorSlug/product/:name', element: <BuyerProofs product={product} shop="zevar" /> }],
    '/zevar/product/x',
  );
  return fetchMock;
}

describe('product page: what a buyer checks before paying', () => {
  it('shows EMI from the cheapest month, its tenures on opening, insured shipping and the returns policy', async () => {
    const fetchMock = show(solitaire, assurance());
    const emi = await screen.findByTestId('emi');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products/9/assurance');
    expect(within(emi).getByText('EMI from ₹13,539.00/month')).toBeVisible();
    await userEvent.setup().click(within(emi).getByText('EMI from ₹13,539.00/month'));
    const rows = within(emi)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'MonthsInterestPer monthTotal',
      '3No cost₹50,000.00₹1,50,000.00',
      '1215% p.a.₹13,539.00₹1,62,468.00',
    ]);
    expect(screen.getByTestId('insured')).toHaveTextContent('Insured shipping');
    expect(screen.getByTestId('returns')).toHaveTextContent(
      'Returnable within 7 days of delivery. No exchanges.',
    );
    expect(screen.getByRole('link', { name: 'Read the return policy' })).toHaveAttribute(
      'href',
      '/zevar/return-policy',
    );
  });

  it("shows the certificate with the lab's verification link and the scan, and explains the HUID with the BIS registration", async () => {
    show(solitaire, assurance());
    const cert = screen.getByTestId('certificate');
    expect(cert).toHaveTextContent('StoneNatural diamond');
    expect(cert).toHaveTextContent('LaboratoryGemological Institute of America (GIA)');
    expect(cert).toHaveTextContent('Report number2141438167');
    expect(cert).toHaveTextContent('Carat1.01 ct');
    expect(within(cert).getByRole('link', { name: "Verify on the lab's website" })).toHaveAttribute(
      'href',
      'https://www.gia.edu/report-check?reportno=2141438167',
    );
    expect(within(cert).getByRole('link', { name: 'View the certificate' })).toHaveAttribute(
      'href',
      `/api/image/${'c'.repeat(32)}.webp`,
    );
    const hallmark = screen.getByTestId('hallmark-explainer');
    expect(hallmark).toHaveTextContent('BIS CARE app');
    expect(await within(hallmark).findByText("Seller's BIS registration: HM/C-1234567890")).toBeVisible();
  });

  it('below the minimum shows no EMI; no returns and a piece without stones or hallmark show only the policy', async () => {
    show(
      { ...solitaire, gem: null, hallmarked: false } as Product,
      assurance({
        emi: { minimum: 3000, options: [] },
        shipping: { insured: false, insuredAbove: 50_000 },
        returns: { kind: 'NONE' },
      }),
    );
    expect(await screen.findByTestId('returns')).toHaveTextContent(
      'All sales are final: no returns, no exchanges, no refunds.',
    );
    expect(screen.queryByTestId('emi')).not.toBeInTheDocument();
    expect(screen.queryByTestId('insured')).not.toBeInTheDocument();
    expect(screen.queryByTestId('certificate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hallmark-explainer')).not.toBeInTheDocument();
  });

  it("links a lab's PDF certificate from the product, and SGL's report-check page with the number to type", async () => {
    const sgl = {
      ...solitaire,
      gem: {
        ...solitaire.gem!,
        certificate: {
          ...solitaire.gem!.certificate!,
          lab: 'SGL',
          reportNumber: 'SGL2300123',
          file: 'd'.repeat(32) + '.pdf',
          verifyUrl: 'https://sgl-labs.com/report-verification/',
        },
      },
    } as Product;
    show(sgl, assurance());
    const cert = screen.getByTestId('certificate');
    expect(within(cert).getByRole('link', { name: 'View certificate (PDF)' })).toHaveAttribute(
      'href',
      '/api/products/9/certificate',
    );
    expect(
      within(cert).getByRole('link', {
        name: "Verify on the lab's website (enter report number SGL2300123)",
      }),
    ).toHaveAttribute('href', 'https://sgl-labs.com/report-verification/');
    expect(within(cert).queryByRole('link', { name: 'View the certificate' })).not.toBeInTheDocument();
  });

  it('a piece above the return cap says so', async () => {
    show(solitaire, assurance({ returns: { kind: 'WINDOW', days: 7, refusal: 'ABOVE_CAP' } }));
    expect(await screen.findByTestId('returns')).toHaveTextContent('above the value that can be returned');
  });
});
