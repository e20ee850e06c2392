import { useId } from 'react';

export interface StarsProps {
  /** 0 to 5; a half star shows when the fractional part exceeds 0.5. */
  rating: number;
  /** When given, the stars become buttons that pick a rating from 1 to 5. */
  onChange?: (rating: number) => void;
  className?: string;
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

type Fill = 'full' | 'half' | 'empty';

function fills(rating: number): Fill[] {
  const clamped = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(clamped);
  const half = clamped - whole > 0.5;
  return Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
}

function Star({ fill, id }: { fill: Fill; id: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      {fill === 'half' && (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d={STAR_PATH}
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.2"
      />
    </svg>
  );
}

/** Star rating display (role img with the value), or a 1-5 picker when onChange is given. */
export function Stars({ rating, onChange, className = '' }: StarsProps) {
  // useId may contain characters that break url(#id) references.
  const baseId = `star${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const starFills = fills(rating);
  if (onChange) {
    return (
      <div role="group" aria-label="Rating" className={`flex gap-1 text-gold-600 ${className}`}>
        {starFills.map((fill, i) => (
          <button
            key={i}
            type="button"
            aria-label={`Rate ${i + 1} star${i === 0 ? '' : 's'}`}
            aria-pressed={Math.round(rating) === i + 1}
            className="rounded p-0.5 hover:scale-110"
            onClick={() => onChange(i + 1)}
          >
            <Star fill={fill === 'half' ? 'full' : fill} id={`${baseId}-${i}`} />
          </button>
        ))}
      </div>
    );
  }
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
      className={`inline-flex gap-0.5 text-gold-600 ${className}`}
    >
      {starFills.map((fill, i) => (
        <Star key={i} fill={fill} id={`${baseId}-${i}`} />
      ))}
    </span>
  );
}
