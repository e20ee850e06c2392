import { starParts } from '@zevar/domain';
import { Stars } from '../../../components/Stars';

/** Average rating: stars (half star when the fractional part exceeds 0.5) and the value with one decimal. */
export function RatingStars({ average }: { average: number }) {
  const { half } = starParts(average);
  return (
    <span
      className="inline-flex items-center gap-2 whitespace-nowrap"
      data-half-star={half ? 'true' : 'false'}
    >
      <Stars rating={average} />
      <span className="text-sm font-medium">{average.toFixed(1)}</span>
    </span>
  );
}
