import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export const POLICY_UPDATED = '1 November 2026';

/** Shared frame of the policy pages: title, last-updated line and readable prose. */
export function PolicyLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <p className="eyebrow">Zevar policies</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-1 text-xs text-taupe">Last updated {POLICY_UPDATED}</p>
      <p className="mt-6 leading-relaxed">{intro}</p>
      <div className="mt-6 space-y-6 leading-relaxed [&_h2]:mb-2 [&_h2]:text-2xl [&_li]:ml-5 [&_li]:list-disc [&_p]:text-ink/90">
        {children}
      </div>
    </article>
  );
}
