import type { ReactNode } from 'react';

/**
 * A table that stacks into labelled cards below the sm breakpoint (one DOM for both, so phone users see
 * every column, Actions included, without scrolling sideways).
 */
export function StackedTable({
  headers,
  minWidth,
  children,
}: {
  headers: readonly string[];
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-sand bg-white sm:overflow-x-auto">
      <table className={`block w-full text-left text-sm sm:table ${minWidth}`}>
        <thead className="hidden bg-cream text-xs tracking-wide text-taupe uppercase sm:table-header-group">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

export function StackedRow({ children }: { children: ReactNode }) {
  return (
    <tr className="block border-t border-sand py-2 first:border-t-0 sm:table-row sm:py-0 sm:align-top sm:first:border-t">
      {children}
    </tr>
  );
}

/** A cell; `label` is shown in front of the value only in the stacked (phone) layout. */
export function StackedCell({
  label,
  className = '',
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`flex items-start gap-2 px-3 py-1 sm:table-cell sm:py-2 ${className}`}>
      {label && (
        <span className="w-24 shrink-0 text-xs font-semibold tracking-wide text-taupe uppercase sm:hidden">
          {label}
        </span>
      )}
      <div className="min-w-0">{children}</div>
    </td>
  );
}
