// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELIVERY_TEXT } from '@zevar/domain';
import { jsonResponse, mockFetch, renderRoutes } from '../test/utils';
import DeliveryDate from './DeliveryDate';

const served = (pin: string) =>
  jsonResponse({ pin, serviceable: true, deliveryBy: '2026-12-01', message: 'Delivery by Tue, 1 Dec' });
const unserved = (pin: string) =>
  jsonResponse({ pin, serviceable: false, deliveryBy: null, message: DELIVERY_TEXT.unserviceable(pin) });
const pinOf = (url: string) => new URL(url, 'http://x').searchParams.get('pin')!;

const showBox = () =>
  renderRoutes(
    [{ path: '/:vendorSlug/product/:name', element: <DeliveryDate shop="zevar" /> }],
    '/zevar/product/ring',
  );

describe('the product page’s delivery date box', () => {
  it('checks a PIN code for this shop, shows the date and remembers the PIN code', async () => {
    const fetch = mockFetch((url) => (pinOf(url) === '110001' ? unserved('110001') : served(pinOf(url))));
    showBox();
    await userEvent.type(await screen.findByLabelText(DELIVERY_TEXT.pinLabel), '560025');
    await userEvent.click(screen.getByRole('button', { name: DELIVERY_TEXT.check }));
    expect(await screen.findByTestId('delivery-date')).toHaveTextContent('Delivery by Tue, 1 Dec');
    expect(fetch.mock.calls[0]![0]).toBe('/api/delivery-estimate?pin=560025&vendorSlug=zevar');
    expect(localStorage.getItem('delivery_pin')).toBe('560025');

    await userEvent.click(screen.getByRole('button', { name: DELIVERY_TEXT.change }));
    const input = screen.getByLabelText(DELIVERY_TEXT.pinLabel);
    await userEvent.clear(input);
    await userEvent.type(input, '110001');
    await userEvent.click(screen.getByRole('button', { name: DELIVERY_TEXT.check }));
    expect(await screen.findByText(DELIVERY_TEXT.unserviceable('110001'))).toBeInTheDocument();
  });

  it('shows the date for the remembered PIN code on the next visit, without asking', async () => {
    localStorage.setItem('delivery_pin', '400002');
    mockFetch((url) => served(pinOf(url)));
    showBox();
    expect(await screen.findByTestId('delivery-date')).toHaveTextContent('Delivery by Tue, 1 Dec');
    expect(screen.getByText(/to 400002/)).toBeInTheDocument();
  });

  it('refuses a malformed PIN code without asking the server', async () => {
    const fetch = mockFetch((url) => served(pinOf(url)));
    showBox();
    await userEvent.type(await screen.findByLabelText(DELIVERY_TEXT.pinLabel), '0123');
    await userEvent.click(screen.getByRole('button', { name: DELIVERY_TEXT.check }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid 6-digit PIN code');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('checkout’s delivery line', () => {
  it('says the date for the shipping PIN code, and tells the page when it cannot be delivered to', async () => {
    mockFetch((url) => (pinOf(url) === '110001' ? unserved('110001') : served(pinOf(url))));
    const onUnserved = vi.fn();
    const { unmount } = renderRoutes(
      [{ path: '/', element: <DeliveryDate shop="zevar" pin="110001" onUnserved={onUnserved} /> }],
      '/',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(DELIVERY_TEXT.unserviceable('110001'));
    await waitFor(() => expect(onUnserved).toHaveBeenLastCalledWith(DELIVERY_TEXT.unserviceable('110001')));
    unmount();
    renderRoutes(
      [{ path: '/', element: <DeliveryDate shop="zevar" pin="560025" onUnserved={onUnserved} /> }],
      '/',
    );
    expect(await screen.findByTestId('checkout-delivery-date')).toHaveTextContent('Delivery by Tue, 1 Dec');
    expect(onUnserved).toHaveBeenLastCalledWith(undefined);
  });
});
