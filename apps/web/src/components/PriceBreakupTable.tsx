import { formatIndianNumber, stoneLabel, type PriceBreakup } from '@zevar/domain';
import { formatInr } from '../lib/format';

const MAKING_LABEL = { PER_GRAM: 'per gram', PERCENT: '% of metal value', FLAT: 'flat' } as const;

const grams = (g: number) => `${formatIndianNumber(g, 3)} g`;

const percent = (p: number) => `${formatIndianNumber(p, 2, 0)}%`;

/** How the making charge was set: '12% of metal value', '₹500.00/g × 10.500 g' or 'flat'. */
function makingDetail(making: NonNullable<PriceBreakup['making']>, metal: PriceBreakup['metal']): string {
  if (making.rate === null) return MAKING_LABEL[making.kind];
  switch (making.kind) {
    case 'PERCENT':
      return `${percent(making.rate)} of metal value`;
    case 'PER_GRAM':
      return metal
        ? `${formatInr(making.rate)}/g × ${grams(metal.netWeightGrams)}`
        : `${formatInr(making.rate)}/g`;
    case 'FLAT':
      return MAKING_LABEL.FLAT;
  }
}

/**
 * 'Price Breakup': metal (purity, rate × net weight), making, stones, taxable value, GST and the
 * total, each line in rupees and adding up to the total to the paisa (the server's breakup).
 */
export function PriceBreakupTable({
  breakup,
  title = 'Price Breakup',
  className = '',
}: {
  breakup: PriceBreakup;
  title?: string;
  className?: string;
}) {
  const rows: Array<{ label: string; detail?: string; value: number }> = [];
  if (breakup.metal)
    rows.push({
      label: `${breakup.metal.name} ${breakup.metal.purity}`,
      detail: `${formatInr(breakup.metal.ratePerGram)}/g × ${grams(breakup.metal.netWeightGrams)}`,
      value: breakup.metal.value,
    });
  if (breakup.making)
    rows.push({
      label: 'Making charges',
      detail: makingDetail(breakup.making, breakup.metal),
      value: breakup.making.value,
    });
  if (breakup.stones)
    rows.push({
      label: 'Stone charges',
      detail: breakup.stones.description || undefined,
      value: breakup.stones.value,
    });
  return (
    <section aria-label={title} className={`rounded-lg border border-sand ${className}`}>
      <h2 className="border-b border-sand px-4 py-2 text-sm font-semibold text-gold-800">{title}</h2>
      {breakup.stone && (
        <p className="border-b border-sand/60 px-4 py-2 text-sm font-medium" data-testid="breakup-stone">
          {stoneLabel(breakup.stone.kind, breakup.stone.origin)}
        </p>
      )}
      <table className="w-full text-sm">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-b border-sand/60">
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {r.label}
                {r.detail && <span className="block text-xs text-taupe">{r.detail}</span>}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{formatInr(r.value)}</td>
            </tr>
          ))}
          <tr className="border-b border-sand/60">
            <th scope="row" className="px-4 py-2 text-left font-normal">
              Taxable value
            </th>
            <td className="px-4 py-2 text-right tabular-nums">{formatInr(breakup.taxableValue)}</td>
          </tr>
          <tr className="border-b border-sand/60">
            <th scope="row" className="px-4 py-2 text-left font-normal">
              GST ({breakup.gst.ratePercent}%)
            </th>
            <td className="px-4 py-2 text-right tabular-nums">{formatInr(breakup.gst.value)}</td>
          </tr>
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-semibold">
              Total
            </th>
            <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatInr(breakup.total)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
