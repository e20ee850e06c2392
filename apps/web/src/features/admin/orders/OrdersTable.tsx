import {
  nextOrderStatusesWithShipments,
  nextPaymentStatuses,
  type AdminOrder,
  type OrderStatus,
  type PaymentStatus,
} from '@zevar/domain';
import { formatDate, formatInr } from '../../../lib/format';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { statusLabel } from './orders-api';

interface RowActions {
  onStatus: (order: AdminOrder, status: OrderStatus) => void;
  onPayment: (order: AdminOrder, status: PaymentStatus) => void;
  onView: (order: AdminOrder) => void;
  /** Order numbers with an update in flight (their dropdowns are disabled). */
  busy: ReadonlySet<string>;
}

/** A dropdown offering only the current value and the values the server allows next. */
function TransitionSelect<T extends string>(props: {
  label: string;
  value: T;
  next: readonly T[];
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  const options = [props.value, ...props.next];
  return (
    <select
      aria-label={props.label}
      className="input w-36 py-1 pr-1 pl-2 text-xs"
      value={props.value}
      disabled={props.disabled || props.next.length === 0}
      onChange={(e) => props.onChange(e.target.value as T)}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {statusLabel(o)}
        </option>
      ))}
    </select>
  );
}

function OrderRow({ order, actions }: { order: AdminOrder; actions: RowActions }) {
  const busy = actions.busy.has(order.orderNumber);
  return (
    <StackedRow>
      <StackedCell label="Order #" className="font-mono text-xs sm:whitespace-nowrap">
        {order.orderNumber}
      </StackedCell>
      <StackedCell label="Customer">
        <p className="font-medium [overflow-wrap:anywhere]">{order.customerName}</p>
        <p className="text-xs [overflow-wrap:anywhere] text-taupe">{order.customerEmail}</p>
      </StackedCell>
      <StackedCell label="Date" className="whitespace-nowrap">
        {formatDate(order.orderDate)}
      </StackedCell>
      <StackedCell label="Total" className="whitespace-nowrap">
        {formatInr(order.finalAmount)}
      </StackedCell>
      <StackedCell label="Status">
        <TransitionSelect
          label={`Order status for ${order.orderNumber}`}
          value={order.status}
          next={nextOrderStatusesWithShipments(order.status, order.paymentStatus, order.shipments.length > 0)}
          disabled={busy}
          onChange={(s) => actions.onStatus(order, s)}
        />
      </StackedCell>
      <StackedCell label="Payment">
        <TransitionSelect
          label={`Payment status for ${order.orderNumber}`}
          value={order.paymentStatus}
          next={nextPaymentStatuses(order.paymentStatus)}
          disabled={busy}
          onChange={(s) => actions.onPayment(order, s)}
        />
      </StackedCell>
      <StackedCell label="Actions">
        <button
          type="button"
          className="btn-outline px-3 py-1"
          onClick={() => actions.onView(order)}
          aria-label={`View order ${order.orderNumber}`}
        >
          View
        </button>
      </StackedCell>
    </StackedRow>
  );
}

const HEADERS = ['Order #', 'Customer', 'Date', 'Total', 'Status', 'Payment', 'Actions'] as const;

/** Orders table; on phones each row stacks into a labelled card. */
export function OrdersTable({ orders, actions }: { orders: AdminOrder[]; actions: RowActions }) {
  return (
    // Fits the 1280 px back office (sidebar included) without sideways scrolling, View included:
    // fixed-width dropdowns, and a customer cell that may wrap anywhere (a long email sets no minimum).
    <StackedTable headers={HEADERS} minWidth="sm:min-w-[48rem]">
      {orders.map((o) => (
        <OrderRow key={o.orderNumber} order={o} actions={actions} />
      ))}
    </StackedTable>
  );
}
