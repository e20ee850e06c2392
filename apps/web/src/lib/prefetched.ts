/**
 * Answers the server embedded in a storefront page's HTML (`<script type="application/json"
 * id="zevar-prefetched">`), keyed by the exact API URL. Each is used once, by the first request for
 * it, so the first paint needs no round trip and later reads always go to the server.
 */
let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const el = document.getElementById('zevar-prefetched');
  if (!el?.textContent) return answers;
  try {
    for (const [url, value] of Object.entries(JSON.parse(el.textContent) as Record<string, unknown>)) {
      answers.set(url, value);
    }
  } catch {
    // A malformed block only costs the round trip it would have saved.
  }
  return answers;
}

export function takePrefetched(url: string): { value: unknown } | null {
  const map = load();
  if (!map.has(url)) return null;
  const value = map.get(url);
  map.delete(url);
  return { value };
}

/** The embedded answer for a URL, left in place for the request that will take it. */
export function peekPrefetched(url: string): { value: unknown } | null {
  const map = load();
  return map.has(url) ? { value: map.get(url) } : null;
}

/**
 * Server rendering (entry-server.tsx): the page's answers are the embedded ones until the returned
 * function puts the previous ones back.
 */
export function enterPrefetched(entries: Record<string, unknown>): () => void {
  const saved = answers;
  answers = new Map(Object.entries(entries));
  return () => {
    answers = saved;
  };
}

/** Tests: forget what was read. */
export function resetPrefetched(): void {
  answers = null;
}
