import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INDIAN_STATES,
  PAYMENT_LINK_TEXT,
  paymentLinkListSchema,
  paymentLinkSchema,
  paymentLinkShareText,
  whatsAppShareUrl,
  type PaymentLink,
  type Quote,
} from '@zevar/domain';
import { api, errorMessage, isApiError } from '../../lib/api';
import { formatDateTime, formatInr, fromZonedInput, toZonedInput } from '../../lib/format';
import { Modal } from '../Modal';
import { SelectField, TextField } from '../FormFields';

export const vendorLinksKey = (vendorId: number) => ['vendor-payment-links', vendorId];
const linksKey = vendorLinksKey;

/**
 * Issue 26 item 2: a payment link for one buyer of a quote, made by its reseller (the Quotes tab) or
 * by staff (the admin's Payment links section, `scope` admin). `listKey`: the list it adds to.
 */
export function PaymentLinkDialog({
  quote,
  scope = 'vendor',
  listKey,
  onClose,
}: {
  quote: Quote;
  scope?: 'vendor' | 'admin';
  listKey: readonly unknown[];
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    buyerName: '',
    buyerPhone: '',
    buyerEmail: '',
    street: '',
    city: '',
    state: '',
    postalCode: '',
    expires: toZonedInput(quote.validUntil),
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const create = useMutation({
    mutationFn: () => {
      const expires = fromZonedInput(form.expires);
      return api.post(
        `/${scope}/quotes/${encodeURIComponent(quote.code)}/payment-links`,
        {
          buyerName: form.buyerName,
          buyerPhone: form.buyerPhone,
          buyerEmail: form.buyerEmail.trim() || undefined,
          shippingAddress: {
            fullName: form.buyerName,
            street: form.street,
            city: form.city,
            state: form.state,
            postalCode: form.postalCode,
            phone: form.buyerPhone,
          },
          expiresAt: expires ? expires.toISOString() : undefined,
        },
        { schema: paymentLinkSchema },
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const issue = (path: string) =>
    isApiError(create.error) ? create.error.issues.find((i) => i.path.startsWith(path))?.message : undefined;

  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="sm:max-w-lg">
      <h2 id={titleId} className="text-xl font-semibold">
        {PAYMENT_LINK_TEXT.dialogTitle}
      </h2>
      <p className="mt-1 text-sm text-taupe">
        {formatInr(quote.total)} · {quote.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}
      </p>
      {create.data ? (
        <div role="status" className="mt-4 space-y-3">
          <p className="font-medium">{PAYMENT_LINK_TEXT.created}</p>
          <LinkActions link={create.data} shopName={quote.shopName} />
          <button type="button" className="btn-secondary w-full" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form
          className="mt-4 space-y-3"
          aria-label={PAYMENT_LINK_TEXT.dialogTitle}
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <TextField
            label="Buyer’s name"
            required
            autoComplete="off"
            value={form.buyerName}
            onChange={set('buyerName')}
            error={issue('buyerName')}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Buyer’s mobile number"
              required
              inputMode="numeric"
              value={form.buyerPhone}
              onChange={set('buyerPhone')}
              error={issue('buyerPhone')}
            />
            <TextField
              label="Buyer’s email (optional)"
              type="email"
              value={form.buyerEmail}
              onChange={set('buyerEmail')}
              error={issue('buyerEmail')}
            />
          </div>
          <TextField
            label="Delivery address"
            required
            value={form.street}
            onChange={set('street')}
            error={issue('shippingAddress.street')}
          />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="City"
              required
              value={form.city}
              onChange={set('city')}
              error={issue('shippingAddress.city')}
            />
            <SelectField
              label="State"
              required
              options={INDIAN_STATES}
              placeholder="Choose"
              value={form.state}
              onChange={set('state')}
              error={issue('shippingAddress.state')}
            />
            <TextField
              label="PIN code"
              required
              inputMode="numeric"
              value={form.postalCode}
              onChange={set('postalCode')}
              error={issue('shippingAddress.postalCode')}
            />
          </div>
          <TextField
            label="Link expires"
            type="datetime-local"
            value={form.expires}
            max={toZonedInput(quote.validUntil)}
            onChange={set('expires')}
            hint={`At the latest when the quote does: ${formatDateTime(quote.validUntil)}`}
            error={issue('expiresAt')}
          />
          {create.isError && !issue('') && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(create.error)}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1" disabled={create.isPending}>
              Create payment link
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** Open, copy or share a link on WhatsApp with the prefilled message. */
function LinkActions({ link, shopName }: { link: PaymentLink; shopName: string }) {
  const [copied, setCopied] = useState(false);
  const text = paymentLinkShareText({
    shopName,
    amount: formatInr(link.amount),
    expires: formatDateTime(link.expiresAt),
    url: link.url,
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a className="break-all text-sm underline" href={link.url} target="_blank" rel="noreferrer">
        {link.url}
      </a>
      <button
        type="button"
        className="btn-secondary text-sm"
        onClick={() =>
          void navigator.clipboard?.writeText(link.url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? PAYMENT_LINK_TEXT.copied : PAYMENT_LINK_TEXT.copy}
      </button>
      <a className="btn-primary text-sm" href={whatsAppShareUrl(text)} target="_blank" rel="noreferrer">
        Share on WhatsApp
      </a>
    </div>
  );
}

/**
 * An open link's actions, the same in the reseller's list and the admin's section: the link, copy,
 * share on WhatsApp, and cancel. Nothing once the link is paid, expired or cancelled.
 */
export function OpenLinkActions({
  link,
  shopName,
  onCancel,
  cancelling,
}: {
  link: PaymentLink;
  shopName: string;
  onCancel: () => void;
  cancelling: boolean;
}) {
  if (link.status !== 'created') return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LinkActions link={link} shopName={shopName} />
      <button
        type="button"
        className="text-sm text-red-700 underline"
        disabled={cancelling}
        onClick={onCancel}
      >
        {PAYMENT_LINK_TEXT.cancel}
      </button>
    </div>
  );
}

/** The reseller's payment links with their status, the order a paid one became, and cancel. */
export function PaymentLinksList({ vendorId, shopName }: { vendorId: number; shopName: string }) {
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: linksKey(vendorId),
    queryFn: () => api.get('/vendor/payment-links', { schema: paymentLinkListSchema }),
  });
  const cancel = useMutation({
    mutationFn: (id: string) =>
      api.post(`/vendor/payment-links/${id}/cancel`, undefined, { schema: paymentLinkSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: linksKey(vendorId) }),
  });
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-semibold">Payment links</h3>
      {links.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(links.error)}
        </p>
      )}
      {cancel.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(cancel.error)}
        </p>
      )}
      {links.data?.length === 0 && (
        <p className="card p-6 text-center text-taupe">{PAYMENT_LINK_TEXT.empty}</p>
      )}
      <ul className="space-y-3" aria-label="Payment links">
        {links.data?.map((l) => (
          <li key={l.id} className="card space-y-1 p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {l.buyerName} · {l.buyerPhone}
              </span>
              <span>
                {formatInr(l.amount)} · <strong>{PAYMENT_LINK_TEXT.statusLabel[l.status]}</strong>
              </span>
            </p>
            <p className="text-taupe">
              {l.status === 'paid' && l.paidAt
                ? `Paid ${formatDateTime(l.paidAt)}`
                : `Expires ${formatDateTime(l.expiresAt)}`}
              {l.orderNumber ? ` · Order ${l.orderNumber}` : ''}
            </p>
            <OpenLinkActions
              link={l}
              shopName={shopName}
              cancelling={cancel.isPending}
              onCancel={() => cancel.mutate(l.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
