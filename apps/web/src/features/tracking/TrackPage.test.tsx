// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRACK_TEXT, type TrackingView } from '@zevar/domain';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import TrackPage from './TrackPage';

const view: TrackingView = {
  orderNumber: 'ZV261126-1A2B3C4D',
  orderDate: '2026-11-26T05:00:00.000Z',
  status: 'SHIPPED',
  expectedDelivery: '2026-12-01',
  shipments: [
    {
      id: 7,
      courierName: 'Blue Dart',
      awb: 'SB123',
      trackingUrl: 'https://courier.example/t/SB123',
      status: 'IN_TRANSIT',
      expectedDelivery: '2026-12-01',
      items: [{ name: 'Gold Jhumkas', quantity: 1 }],
      events: [
        { type: 'BOOKED', label: 'Booked', at: '2026-11-26T06:00:00.000Z', location: '', note: '' },
        {
          type: 'IN_TRANSIT',
          label: 'In transit',
          at: '2026-11-27T09:30:00.000Z',
          location: 'Mumbai hub',
          note: 'Left the hub',
        },
      ],
    },
  ],
};

const open = (path = '/zevar/track?order=ZV261126-1A2B3C4D') =>
  renderRoutes([{ path: '/:vendorSlug/track', element: <TrackPage /> }], path);

describe('the tracking page', () => {
  it('takes the order number from the link, sends a code, and the code shows the parcels', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    mockFetch((url, init) => {
      calls.push({ url, init });
      if (url === '/api/track/code') return jsonResponse({ message: TRACK_TEXT.codeSent });
      if (url === '/api/track/verify')
        return jsonResponse({ token: 'tok', expiresAt: '2026-11-26T06:00:00Z' });
      return jsonResponse(view);
    });
    open();
    expect(await screen.findByLabelText(TRACK_TEXT.orderNumberLabel)).toHaveValue('ZV261126-1A2B3C4D');
    await userEvent.type(screen.getByLabelText(TRACK_TEXT.contactLabel), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: TRACK_TEXT.sendCode }));
    expect(await screen.findByText(TRACK_TEXT.codeSent)).toBeInTheDocument();
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      orderNumber: 'ZV261126-1A2B3C4D',
      contact: '98765 43210',
    });
    await userEvent.type(screen.getByLabelText(TRACK_TEXT.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: TRACK_TEXT.verify }));

    expect(await screen.findByTestId('track-order-number')).toHaveTextContent('ZV261126-1A2B3C4D');
    expect((calls[2]!.init.headers as Record<string, string>)['x-tracking-token']).toBe('tok');
    expect(screen.getAllByText('Tue, 1 Dec').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: TRACK_TEXT.trackWithCourier })).toHaveAttribute(
      'href',
      'https://courier.example/t/SB123',
    );
    // Newest first, with place and time in the business timezone (15:00 in Kolkata).
    const steps = screen.getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('In transit');
    expect(steps[0]).toHaveTextContent('Mumbai hub');
    expect(steps[0]).toHaveTextContent(/3:00\s?pm/i);
    expect(steps[1]).toHaveTextContent('Booked');
  });

  it('says what is wrong with the fields before asking, and shows a wrong code’s message', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/track/code'
        ? jsonResponse({ message: TRACK_TEXT.codeSent })
        : jsonResponse({ code: 'BAD_REQUEST', message: TRACK_TEXT.wrongCode }, 400),
    );
    open('/zevar/track');
    await userEvent.click(await screen.findByRole('button', { name: TRACK_TEXT.sendCode }));
    expect(await screen.findByText(TRACK_TEXT.invalidOrderNumber)).toBeInTheDocument();
    expect(screen.getByText(TRACK_TEXT.invalidContact)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(TRACK_TEXT.orderNumberLabel), 'zv261126-1a2b3c4d');
    await userEvent.type(screen.getByLabelText(TRACK_TEXT.contactLabel), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: TRACK_TEXT.sendCode }));
    await userEvent.type(await screen.findByLabelText(TRACK_TEXT.codeLabel), '000000');
    await userEvent.click(screen.getByRole('button', { name: TRACK_TEXT.verify }));
    expect(await screen.findByText(TRACK_TEXT.wrongCode)).toBeInTheDocument();
  });
});
