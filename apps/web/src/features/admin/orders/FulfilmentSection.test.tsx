// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskRow } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import FulfilmentSection from './FulfilmentSection';

const row = (n: number, status: 'PACKED' | 'BOOKED', awb: string | null = null): DeskRow => ({
  orderId: `0b7c4f5e-1111-4a2b-9c3d-00000000000${n}`,
  orderNumber: `ZV261126-0000000${n}`,
  orderDate: '2026-11-26T10:00:00.000Z',
  orderStatus: 'PROCESSING',
  customerName: `Buyer ${n}`,
  deliveryPin: '560025',
  vendor: { id: 7, name: 'Kaveri Gold House' },
  unitsLeft: 0,
  shipment: {
    id: 100 + n,
    status,
    awb,
    courierName: awb ? 'Sandbox Surface' : null,
    trackingUrl: null,
    declaredValue: 64000,
    insured: true,
    otpDelivery: true,
    needsCarrierConfirmation: false,
    packedAt: '2026-11-26T10:05:00.000Z',
    lastEventAt: null,
    exception: null,
    inspectionOutcome: null,
  },
});

const paged = (content: DeskRow[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 20,
  number: 0,
});

describe('fulfilment desk', () => {
  it('asks the server for the queue, shop and dates, and books the selected packed parcels in bulk', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const rows = [row(1, 'PACKED'), row(2, 'PACKED'), row(3, 'BOOKED', 'ZVS0000000003')];
    const fetchMock = mockFetch((url, init) => {
      if (url.startsWith('/api/shipping/desk/shops'))
        return jsonResponse([{ id: 7, name: 'Kaveri Gold House' }]);
      if (url.startsWith('/api/shipping/desk'))
        return jsonResponse(paged(url.includes('TO_SHIP') ? rows : []));
      if (url === '/api/shipping/shipments/book' && init.method === 'POST')
        return jsonResponse({
          queued: [101],
          refused: [{ shipmentId: 102, message: 'Only a packed shipment can be booked' }],
        });
      return notFound();
    });
    renderRoutes([{ path: '/', element: <FulfilmentSection /> }], '/');
    const user = userEvent.setup();

    expect(await screen.findByText('No paid order is waiting to be packed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'To ship' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Shop' }), '7');
    await user.type(screen.getByLabelText('Packing date from'), '2026-11-01');
    const lastDesk = () =>
      fetchMock.mock.calls
        .map(([u]) => String(u))
        .filter((u) => u.startsWith('/api/shipping/desk?'))
        .at(-1)!;
    expect(new URL(lastDesk(), 'http://x').searchParams.toString()).toBe(
      'queue=TO_SHIP&vendorId=7&from=2026-11-01&page=0&size=20',
    );

    const table = await screen.findByRole('table');
    expect(within(table).getByText('AWB ZVS0000000003')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pickup manifest (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every parcel on this page' }));
    expect(screen.getByRole('button', { name: 'Pickup manifest (1)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Book selected (2)' }));

    const book = fetchMock.mock.calls.find(([u]) => u === '/api/shipping/shipments/book');
    expect(JSON.parse(String(book?.[1]?.body))).toEqual({ shipmentIds: [101, 102] });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('1 queued for booking, 1 refused.');
    expect(notice).toHaveTextContent('ZV261126-00000002: Only a packed shipment can be booked');
  });

  it('shows an inspected parcel returned to origin with its outcome, not as returned to origin', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const returned = row(4, 'BOOKED', 'ZVS0000000004');
    const disputed: DeskRow = {
      ...returned,
      shipment: { ...returned.shipment!, status: 'RETURNED_TO_ORIGIN', inspectionOutcome: 'DISPUTED' },
    };
    mockFetch((url) => {
      if (url.startsWith('/api/shipping/desk/shops')) return jsonResponse([]);
      if (url.startsWith('/api/shipping/desk'))
        return jsonResponse(paged(url.includes('EXCEPTIONS') ? [disputed] : []));
      return notFound();
    });
    renderRoutes([{ path: '/', element: <FulfilmentSection /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exceptions' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Inspected: not as packed, claim with the carrier')).toBeInTheDocument();
    // The parcel's status still reads 'Returned to origin'; no exception badge says it again.
    expect(within(table).getAllByText(/Returned to origin/)).toHaveLength(1);
  });
});
