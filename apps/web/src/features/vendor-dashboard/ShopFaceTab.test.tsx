// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOP_FACE_MESSAGES, type ShopFaceSettings } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { vendorUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import ShopFaceTab from './ShopFaceTab';

const empty = { logo: null, banner: null, about: null, contactPhone: null, whatsapp: null };
const settings = (over: Partial<ShopFaceSettings> = {}): ShopFaceSettings => ({
  face: empty,
  plan: 'FREE',
  allowed: ['about', 'contactPhone'],
  ...over,
});

function renderTab(answer: ShopFaceSettings, onPut?: (body: Record<string, unknown>) => Response) {
  signIn('VENDOR', [], 7);
  const puts: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname !== '/api/user/7/shop-face') return notFound();
    if (init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      puts.push(body);
      return onPut?.(body) ?? jsonResponse(answer);
    }
    return jsonResponse(answer);
  });
  renderRoutes([{ path: '/', element: <ShopFaceTab vendor={vendorUser()} /> }], '/');
  return { puts, user: userEvent.setup() };
}

describe('shop face settings', () => {
  it('shows the parts outside the plan switched off, with the reason', async () => {
    renderTab(settings());
    expect(await screen.findByRole('heading', { name: 'Shop face' })).toBeInTheDocument();
    expect(screen.getByText(SHOP_FACE_MESSAGES.notOnPlan('logo', 'FREE'))).toBeInTheDocument();
    expect(screen.getByText(SHOP_FACE_MESSAGES.notOnPlan('banner', 'FREE'))).toBeInTheDocument();
    expect(screen.getByLabelText('WhatsApp number')).toBeDisabled();
    expect(screen.getByText(SHOP_FACE_MESSAGES.notOnPlan('whatsapp', 'FREE'))).toBeInTheDocument();
    expect(screen.getByLabelText('About your shop')).toBeEnabled();
    expect(screen.getByLabelText('Contact number')).toBeEnabled();
  });

  it('checks the numbers before saving, then saves the face', async () => {
    const saved = settings({
      plan: 'BASIC',
      allowed: ['about', 'contactPhone', 'whatsapp', 'logo'],
      face: { ...empty, about: 'Jewellers since 1962', whatsapp: '9876543210' },
    });
    const { puts, user } = renderTab(
      settings({ plan: 'BASIC', allowed: ['about', 'contactPhone', 'whatsapp', 'logo'] }),
      () => jsonResponse(saved),
    );
    await user.type(await screen.findByLabelText('About your shop'), 'Jewellers since 1962');
    await user.type(screen.getByLabelText('WhatsApp number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save shop face' }));
    expect(await screen.findByText(SHOP_FACE_MESSAGES.mobile)).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(screen.getByLabelText('WhatsApp number'));
    await user.type(screen.getByLabelText('WhatsApp number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Save shop face' }));
    expect(await screen.findByText(SHOP_FACE_MESSAGES.saved)).toBeInTheDocument();
    expect(puts).toEqual([
      { logo: '', banner: '', about: 'Jewellers since 1962', contactPhone: '', whatsapp: '+91 98765 43210' },
    ]);
    expect(screen.getByLabelText('WhatsApp number')).toHaveValue('9876543210');
  });

  it("shows the server's refusal on its field", async () => {
    const { user } = renderTab(settings(), () =>
      jsonResponse(
        {
          code: 'FORBIDDEN',
          message: SHOP_FACE_MESSAGES.notOnPlan('contactPhone', 'FREE'),
          issues: [{ path: 'contactPhone', message: SHOP_FACE_MESSAGES.notOnPlan('contactPhone', 'FREE') }],
        },
        403,
      ),
    );
    await user.type(await screen.findByLabelText('Contact number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save shop face' }));
    expect(await screen.findByText(SHOP_FACE_MESSAGES.notOnPlan('contactPhone', 'FREE'))).toBeInTheDocument();
  });
});
