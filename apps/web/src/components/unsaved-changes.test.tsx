// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BackOfficeProviders } from '../test/BackOfficeProviders';
import { ProductEditDialog } from '../features/admin/products/ProductEditDialog';
import { catalogueProduct } from '../test/fixtures';
import { jsonResponse, mockFetch, testQueryClient } from '../test/utils';
import { confirmLeavingForms, hasUnsavedChanges } from './unsaved-changes';
import { useDialog } from './dialog/dialog-context';

const product = catalogueProduct();

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
    <BackOfficeProviders queryClient={testQueryClient()}>
      <ProductEditDialog
        product={product}
        busy={false}
        onSave={async () => true}
        onCancel={() => closed.push('closed')}
      />
      <Logout onOut={() => closed.push('logged out')} />
    </BackOfficeProviders>,
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
