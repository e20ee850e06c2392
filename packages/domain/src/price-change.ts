/**
 * Prices that changed since the shopper last saw them (issue 20 item 14). The seen price comes from the
 * browser (the price at Add to Cart, on the product page, or the last quote the shopper acknowledged);
 * it only decides what the cart and checkout tell, never what is charged: every amount to pay is the
 * server's own.
 */
import { rupeesToPaise, type Paise } from './money';

export interface SeenLine {
  /** Today's unit price. */
  unitPaise: Paise;
  /** The unit price the shopper last saw, or null when the browser did not say. */
  seenPaise: Paise | null;
  quantity: number;
}

/** A seen price sent in rupees, as paise (null when absent). */
export function seenPaiseOf(rupees: number | null | undefined): Paise | null {
  return typeof rupees === 'number' && Number.isFinite(rupees) && rupees >= 0 ? rupeesToPaise(rupees) : null;
}

/** The price the shopper saw before, when today's differs from it; null when unchanged or unknown. */
export function previousPaiseOf(line: SeenLine): Paise | null {
  return line.seenPaise !== null && line.seenPaise !== line.unitPaise ? line.seenPaise : null;
}

/** What the changes add to the lines' total the shopper saw before (negative when prices fell). */
export function priceChangePaise(lines: readonly SeenLine[]): Paise {
  return lines.reduce((sum, line) => {
    const previous = previousPaiseOf(line);
    return previous === null ? sum : sum + (line.unitPaise - previous) * line.quantity;
  }, 0);
}
