import { METAL_RATE_TEXT, type MetalRatePreview } from '@zevar/domain';
import type { DialogApi } from '../../../components/dialog/dialog-context';
import { formatInr } from '../../../lib/format';

/** The change in percent, signed; a move that rounds to 0 % (₹6,855 → ₹6,857) still says which way it goes. */
const signed = (percent: number, from: number, to: number) => {
  if (percent === 0 && from !== to) return `${to > from ? '+' : '-'}<0.1%`;
  return `${percent > 0 ? '+' : ''}${percent}%`;
};

/** One metal's part of the confirmation: the rate change, how many products change, a few examples. */
export function describeRateChange(name: string, p: MetalRatePreview): string {
  const head = `${name}: ${formatInr(p.oldPrice)} → ${formatInr(p.newPrice)} per gram (${signed(p.changePercent, p.oldPrice, p.newPrice)}).`;
  if (p.productsAffected === 0) return `${head}\nNo product prices change.`;
  const count =
    p.productsAffected === 1 ? '1 product price changes' : `${p.productsAffected} product prices change`;
  const lines = p.samples.map((s) => `• ${s.name}: ${formatInr(s.oldPrice)} → ${formatInr(s.newPrice)}`);
  const more =
    p.productsAffected > p.samples.length ? [`…and ${p.productsAffected - p.samples.length} more`] : [];
  return [head, `${count}:`, ...lines, ...more].join('\n');
}

/**
 * Asks before a rate change is saved: what changes, then — when any rate moves by more than 10 % — a
 * second time. Resolves true only when every question was answered yes.
 */
export async function confirmRateChanges(
  dialog: DialogApi,
  changes: Array<{ name: string; preview: MetalRatePreview }>,
): Promise<boolean> {
  const text = changes.map((c) => describeRateChange(c.name, c.preview)).join('\n\n');
  if (!(await dialog.confirm(METAL_RATE_TEXT.confirmTitle, text, { confirmLabel: 'Save Rate' })))
    return false;
  const big = changes.filter((c) => c.preview.bigChange);
  if (big.length === 0) return true;
  const which = big
    .map((c) => `${c.name} (${signed(c.preview.changePercent, c.preview.oldPrice, c.preview.newPrice)})`)
    .join(', ');
  return dialog.confirm(
    METAL_RATE_TEXT.bigChangeTitle,
    `${which}: more than 10 % in one step. Is this rate right?`,
    { confirmLabel: 'Yes, save it' },
  );
}
