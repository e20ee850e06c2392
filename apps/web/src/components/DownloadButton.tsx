import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/**
 * A button that fetches a file and saves it (the request carries the sign-in or the order key, which
 * a plain link cannot). While it works the label says so; a refusal (an expired link, no permission)
 * is shown beside it.
 */
export function DownloadButton({
  download,
  className = 'btn-outline',
  disabled = false,
  children,
}: {
  download: () => Promise<void>;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    try {
      await download();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex flex-col items-center gap-1">
      <button type="button" className={className} onClick={() => void run()} disabled={busy || disabled}>
        {busy ? 'Downloading...' : children}
      </button>
      {error && (
        <span role="alert" className="max-w-xs text-center text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
