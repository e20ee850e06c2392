import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { INDIAN_STATES, ORDER_ADMIN_TEXT, statesForPin, type AdminOrderDetail } from '@zevar/domain';
import { SelectField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import { serverMessageOr } from '../../../lib/error-text';
import { ordersApi } from './orders-api';

/**
 * For an older order whose free-text state names no place of supply: the admin names the state (the
 * ones its PIN code can be in are offered first); the server checks it against the PIN, keeps it in
 * the history and issues the invoice of a paid order.
 */
export function NameShippingState({ order }: { order: AdminOrderDetail }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const forPin = statesForPin(order.shippingAddress.postalCode);
  const [state, setState] = useState<string>(forPin.length === 1 ? forPin[0]! : '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const options = [...forPin, ...INDIAN_STATES.filter((s) => !forPin.includes(s))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state) {
      setError('Please choose the state from the list');
      return;
    }
    setBusy(true);
    try {
      const updated = await ordersApi.setShippingState(order.orderNumber, state);
      queryClient.setQueryData(['admin-order', order.orderNumber], updated);
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
      void dialog.success('Success', ORDER_ADMIN_TEXT.stateSaved);
    } catch (err) {
      setError(serverMessageOr(err, ORDER_ADMIN_TEXT.stateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-2 space-y-2" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField
        label={ORDER_ADMIN_TEXT.stateLabel}
        required
        value={state}
        onChange={(e) => {
          setState(e.target.value);
          setError(undefined);
        }}
        options={options}
        placeholder="Choose a state"
        error={error}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {ORDER_ADMIN_TEXT.stateSave}
      </button>
    </form>
  );
}
