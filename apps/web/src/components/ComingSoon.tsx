import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder for a screen that is not built yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="eyebrow">Coming soon</p>
      <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-taupe">
        {description ?? 'This page is being crafted. Please check back soon.'}
      </p>
    </section>
  );
}
