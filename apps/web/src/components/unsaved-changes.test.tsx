import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { AppProviders } from '../app/AppProviders';
import { ProductEditDialog } from '../features/admin/products/ProductEditDialog';
import { jsonResponse, mockFetch, testQueryClient } from '../test/utils';
import { confirmLeavingForms, hasUnsavedChanges } from './unsaved-changes';
import { useDialog } from './dialog/dialog-context';

const product = {
  id: 7,
  sku: 'ZV-1',
  name: 'Lotus Ring',
  slug: 'lotus-ring',
  tagline: null,
  description: null,
  productType: 'MRP',
  price: 16000,
  originalPrice: null,
  discountPercent: 0,
  stock: 4,
  images: [],
  specifications: {},
  features: [],
  category: { id: 2, name: 'Rings', parentCategory: { id: 1, name: 'Jewellery' } },
  metal: null,
  metalWeight: 0,
  purity: null,
  making: null,
  stones: null,
  hallmarked: false,
  huids: [],
  priceBreakup: {
    metal: null,
    making: null,
    stones: null,
    taxableValue: 0,
    gst: { ratePercent: 3, value: 0 },
    total: 0,
  },
  vendorPlan: 'FREE',
  vendorCommission: 100,
  sale: false,
  trending: false,
  views: 0,
  salesCount: 0,
  variantGroupId: 'grp-1',
  variantType: null,
  variantValue: null,
  linkedVariants: [],
  launchDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  averageRating: null,
  reviewCount: 0,
} as unknown as Product;

/** A logout button wired like the dashboards': it asks before throwing open forms away. */
function Logout({ onOut }: { onOut: () => void }) {
  const dialog = useDialog();
  return (
    <button type="button" onClick={() => void confirmLeavingForms(dialog).then((ok) => ok && onOut())}>
      Logout
    </button>
  );
}

function open() {
  mockFetch((url) => jsonResponse(url.includes('/exists/') ? false : []));
  const closed: string[] = [];
  render(
    <AppProviders queryClient={testQueryClient()}>
      <ProductEditDialog
        product={product}
        busy={false}
        onSave={async () => true}
        onCancel={() => closed.push('closed')}
      />
      <Logout onOut={() => closed.push('logged out')} />
    </AppProviders>,
  );
  return closed;
}

const editDialog = () => screen.getByRole('dialog', { name: 'Edit Product' });

describe('unsaved changes', () => {
  it('an untouched edit popup closes on Escape without asking', async () => {
    const closed = open();
    fireEvent.keyDown(editDialog(), { key: 'Escape' });
    await waitFor(() => expect(closed).toEqual(['closed']));
    expect(screen.queryByRole('dialog', { name: 'Discard Changes?' })).not.toBeInTheDocument();
  });

  it('with changes, Escape, Cancel and logout ask first; Keep Editing keeps the form, Discard closes it', async () => {
    const closed = open();
    const user = userEvent.setup();
    const name = within(editDialog()).getAllByRole('textbox')[0]!;
    await user.type(name, ' Gold');
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.keyDown(editDialog(), { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard Changes?' });
    expect(ask).toHaveTextContent('You have unsaved changes. Discard them?');
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(closed).toEqual([]);
    expect(name).toHaveValue('Lotus Ring Gold');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard Changes?' })).getByRole('button', {
        name: 'Keep Editing',
      }),
    );
    expect(closed).toEqual([]);

    await user.click(within(editDialog()).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard Changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(closed).toEqual(['closed']));
  });
});
