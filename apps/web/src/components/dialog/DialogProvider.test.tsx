// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialog } from './dialog-context';
import { DialogProvider } from './DialogProvider';

function ConfirmProbe() {
  const dialog = useDialog();
  const [result, setResult] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void dialog.confirm('Confirm Delete', 'Sure?').then((answer) => setResult(String(answer)))
        }
      >
        ask
      </button>
      <button
        type="button"
        onClick={() => void dialog.success('Success', 'Saved').then(() => setResult('acknowledged'))}
      >
        tell
      </button>
      <output>{result}</output>
    </>
  );
}

function setup() {
  render(
    <DialogProvider>
      <ConfirmProbe />
    </DialogProvider>,
  );
  return userEvent.setup();
}

describe('dialog service', () => {
  it('confirm resolves true when Confirm is pressed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(dialog).toHaveAccessibleDescription('Sure?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirm resolves false when Cancel is pressed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
  });

  it('confirm resolves false on Escape', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('false')).toBeInTheDocument();
  });

  it('success shows only an OK button and resolves when it is pressed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'tell' }));
    expect(screen.getByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription('Saved');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('acknowledged')).toBeInTheDocument();
  });
});
