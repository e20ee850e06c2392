/** Polls `check` every `everyMs` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 500,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Waits until `url` answers 2xx (a server starting up). */
export function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  return waitUntil(
    `a healthy answer from ${url}`,
    () =>
      fetch(url).then(
        (r) => r.ok,
        () => false,
      ),
    timeoutMs,
    250,
  );
}
