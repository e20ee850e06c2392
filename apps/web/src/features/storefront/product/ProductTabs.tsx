import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Review } from '@zevar/domain';
import { ReviewsList } from './ReviewsList';

type Tab = 'features' | 'specifications' | 'reviews';

const SPEC_LABELS: Record<string, string> = { totalWeight: 'Approx Weight', netWeight: 'Net Weight' };

/** Specification rows: 'totalWeight' shows as 'Approx Weight', other keys capitalised, empty values dropped. */
export function specificationRows(specs: Record<string, string>): Array<{ label: string; value: string }> {
  return Object.entries(specs)
    .filter(([, value]) => typeof value === 'string' && value.trim() !== '')
    .map(([key, value]) => ({
      label: SPEC_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1),
      value,
    }));
}

export interface ProductTabsProps {
  features: string[];
  specifications: Record<string, string>;
  reviews: Review[];
  onWriteReview: () => void;
}

/** Where each key moves the selection in a row of `count` tabs (WAI-ARIA tabs pattern), or null. */
function movedTo(key: string, from: number, count: number): number | null {
  if (key === 'ArrowRight') return (from + 1) % count;
  if (key === 'ArrowLeft') return (from - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Tabs: Features (default), Specifications, Reviews. As the WAI-ARIA tabs pattern has it, the row is
 * one stop of the Tab key (the selected tab) and the arrow keys, Home and End choose a tab.
 */
export function ProductTabs({ features, specifications, reviews, onWriteReview }: ProductTabsProps) {
  const [tab, setTab] = useState<Tab>('features');
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const tabs: Array<[Tab, string]> = [
    ['features', 'Features'],
    ['specifications', 'Specifications'],
    ['reviews', `Reviews (${reviews.length})`],
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: number) => {
    const to = movedTo(event.key, from, tabs.length);
    if (to === null) return;
    event.preventDefault();
    setTab(tabs[to]![0]);
    buttons.current[to]?.focus();
  };
  const rows = specificationRows(specifications);
  const panels: Record<Tab, ReactNode> = {
    features:
      features.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {features.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      ) : (
        <p className="text-taupe">No features listed.</p>
      ),
    specifications:
      rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="font-medium">{r.label}</dt>
              <dd className="text-taupe">{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-taupe">No specifications listed.</p>
      ),
    reviews: (
      <div className="space-y-3">
        <div className="flex items-center justify-between">
          <p className="text-sm text-taupe">
            {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
          </p>
          <button type="button" className="btn-outline" onClick={onWriteReview}>
            Write a Review
          </button>
        </div>
        <ReviewsList reviews={reviews} />
      </div>
    ),
  };

  return (
    <section className="card p-4 sm:p-6">
      <div
        role="tablist"
        aria-label="Product details"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-sand"
      >
        {tabs.map(([key, label], index) => (
          <button
            key={key}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px border-b-2 px-3 py-2 sm:px-4 text-sm font-medium whitespace-nowrap ${tab === key ? 'border-gold-600 text-gold-800' : 'border-transparent text-taupe'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`} tabIndex={0}>
        {panels[tab]}
      </div>
    </section>
  );
}
