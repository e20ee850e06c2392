/** The answers a server-rendered page embeds for its first paint (plugins/web-app.ts, renderShell). */
export function prefetchedIn(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="zevar-prefetched">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('the page embeds no answers');
  return JSON.parse(json) as Record<string, unknown>;
}
