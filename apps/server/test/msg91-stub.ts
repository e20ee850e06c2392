import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MSG91's Flow API (POST https://control.msg91.com/api/v5/flow, header authkey),
 * answering in their documented shapes: `{ type: 'success', message: <request id> }` or
 * `{ type: 'error', message }`. Every request is recorded; the next answers can be set.
 */
export const MSG91_STUB_KEY = 'stub-auth-key-0123456789';

export async function startMsg91Stub() {
  const requests: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  let next: { status: number; body: unknown }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const send = (status: number, b: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b));
      };
      const forced = next.shift();
      if (forced) return send(forced.status, forced.body);
      if (req.headers.authkey !== MSG91_STUB_KEY)
        return send(401, { type: 'error', message: 'Authentication failure', code: '401' });
      if (req.method !== 'POST' || req.url !== '/api/v5/flow')
        return send(404, { type: 'error', message: 'Not found' });
      send(200, { type: 'success', message: `3561686a4d${String(++n).padStart(14, '0')}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5`,
    requests,
    answerNext: (...answers: { status: number; body: unknown }[]) => void (next = answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
