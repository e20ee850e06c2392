// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import InvoicesSection from './InvoicesSection';

const ORDER_ID = '0b7c4f5e-1111-4a2b-9c3d-000000000001';
const seller = {
  legalName: 'Zevar Demo Jewels Private Limited',
  address: '12 Zaveri Bazaar, Mumbai 400002',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  stateCode: '27',
  invoicePrefix: 'ZV',
  creditNotePrefix: 'ZC',
  panThresholdRupees: 200000,
};
const invoice = {
  id: 1,
  kind: 'INVOICE',
  number: 'ZV/26-27/000001',
  financialYear: '2026-27',
  issuedAt: '2026-11-22T10:00:00.000Z',
  orderId: ORDER_ID,
  orderNumber: 'ZV261122-0000ABCD',
  buyerName: 'Asha Rao',
  againstNumber: null,
  taxableValue: 10000,
  tax: 300,
  total: 10300,
};
const creditNote = {
  ...invoice,
  id: 2,
  kind: 'CREDIT_NOTE',
  number: 'ZC/26-27/000001',
  againstNumber: invoice.number,
};

describe('invoices section', () => {
  it('shows the configured seller tax details and the series with PDF downloads, filtered by kind', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const fetchMock = mockFetch((url) => {
      if (url === '/api/invoices/seller') return jsonResponse(seller);
      if (url.startsWith('/api/invoices?')) {
        const data = url.includes('kind=CREDIT_NOTE') ? [creditNote] : [creditNote, invoice];
        return jsonResponse({ data, total: data.length, page: 1, limit: 20, financialYears: ['2026-27'] });
      }
      if (url.startsWith('/api/orders/byId/')) return new Response(new Blob(['%PDF']));
      return notFound();
    });
    renderRoutes([{ path: '/', element: <InvoicesSection /> }], '/');
    const details = await screen.findByRole('region', { name: 'Seller Tax Details' });
    expect(await within(details).findByText('27AAPFU0939F1ZV')).toBeInTheDocument();
    expect(details).toHaveTextContent('Maharashtra (27)');
    expect(await screen.findByText('ZV/26-27/000001')).toBeInTheDocument();
    // The PDFs are not public: each download is fetched with the admin's sign-in.
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    for (const button of screen.getAllByRole('button', { name: 'Download' })) await userEvent.click(button);
    const pdfCalls = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/orders/byId/'));
    expect(pdfCalls.map(([u]) => String(u))).toEqual([
      `/api/orders/byId/${ORDER_ID}/credit-notes/2`,
      `/api/orders/byId/${ORDER_ID}/invoice`,
    ]);
    for (const [, init] of pdfCalls)
      expect((init as RequestInit & { headers: Record<string, string> }).headers.Authorization).toBe(
        'Bearer test-token',
      );
    expect(screen.getByText('Credit note against ZV/26-27/000001')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Document'), 'CREDIT_NOTE');
    expect(await screen.findAllByRole('button', { name: 'Download' })).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('kind=CREDIT_NOTE'))).toBe(true);
  });

  it('says when no invoice was issued yet', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    mockFetch((url) =>
      url.startsWith('/api/invoices?')
        ? jsonResponse({ data: [], total: 0, page: 1, limit: 20, financialYears: [] })
        : jsonResponse(seller),
    );
    renderRoutes([{ path: '/', element: <InvoicesSection /> }], '/');
    expect(await screen.findByText('No invoices issued yet.')).toBeInTheDocument();
  });
});
