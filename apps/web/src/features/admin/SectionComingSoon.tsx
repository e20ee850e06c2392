/** Placeholder body of an admin section that is not built yet. */
export function SectionComingSoon({ what }: { what: string }) {
  return (
    <div className="card flex flex-col items-center px-6 py-16 text-center">
      <p className="eyebrow">Coming soon</p>
      <p className="mt-3 max-w-md text-taupe">
        {what} management tools are being built and will appear here.
      </p>
    </div>
  );
}
