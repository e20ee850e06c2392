// Shared helpers of the third attack pass (issue 21): an outside client of a running server.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

export const counters = { requests: 0 };

/** The admin permissions the pass gives one invited admin each. */
export const SINGLE_PERMISSION_ROLES = [
  'MANAGE_ORDERS',
  'MANAGE_VENDORS',
  'MANAGE_USERS',
  'VIEW_DETAILS',
  'VIEW_AUDIT',
  'MANAGE_PRODUCTS',
];

/** One line per check (FAIL on a miss), then a JSON summary of the checks and requests made. */
export function createReport(base) {
  const results = [];
  return {
    check(name, ok, detail = '') {
      results.push({ name, ok });
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    },
    print() {
      console.log(
        JSON.stringify({
          base,
          checks: results.length,
          failed: results.filter((r) => !r.ok).map((r) => r.name),
          requests: counters.requests,
        }),
      );
    },
  };
}

/**
 * The server's mail outbox (DATA_DIR/outbox, where mail goes without SMTP): the texts of the mails to
 * `email`, newest first, with quoted-printable soft breaks, `=3D` and `&amp;` decoded.
 */
export function outboxMails(dataDir, email) {
  const files = [];
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = `${dir}/${f}`;
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  try {
    walk(`${dataDir}/outbox`);
  } catch {
    return [];
  }
  return files
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((f) =>
      readFileSync(f, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .replace(/&amp;/g, '&'),
    )
    .filter((t) => t.includes(email));
}

/** One HTTP request; never throws on a status, answers { status, body, json, headers, ms }. */
export async function call(base, method, path, { body, headers = {}, raw } = {}) {
  counters.requests++;
  const h = { ...headers };
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const started = performance.now();
  let res;
  try {
    res = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual' });
  } catch (e) {
    return { status: 0, body: String(e), json: undefined, headers: new Headers(), ms: 0 };
  }
  const buf = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  const text = buf.toString('utf8');
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined; // not JSON: the text is kept
  }
  return { status: res.status, body: text, json, headers: res.headers, ms, bytes: buf.length };
}

const b32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(s) {
  let bits = '';
  for (const c of s.replace(/=+$/, '')) bits += b32.indexOf(c).toString(2).padStart(5, '0');
  const out = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(out);
}
/** RFC 6238 code for `secret` at step offset `delta`. */
export function totp(secret, delta = 0) {
  const step = Math.floor(Date.now() / 30000) + delta;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const h = createHmac('sha1', base32(secret)).update(msg).digest();
  const o = h[h.length - 1] & 15;
  const n = (h.readUInt32BE(o) & 0x7fffffff) % 1e6;
  return String(n).padStart(6, '0');
}

const SECRETS = process.env.ATTACK_TOTP_FILE ?? '/tmp/attack/totp.json';
const secrets = new Map(existsSync(SECRETS) ? Object.entries(JSON.parse(readFileSync(SECRETS, 'utf8'))) : []);
const keep = () => writeFileSync(SECRETS, JSON.stringify(Object.fromEntries(secrets)));
/** Signs in, enrolling or answering a second factor when the role needs one. Answers a bearer header. */
export async function signIn(base, username, password) {
  const r = await call(base, 'POST', '/api/user/login', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.body}`);
  let token = r.json.token;
  if (r.json.enrolSecondFactor) {
    const e = await call(base, 'POST', '/api/user/second-factor/enrol', {
      body: {},
      headers: { authorization: `Bearer ${token}` },
    });
    secrets.set(`${base} ${username}`, e.json.secret);
    keep();
    const c = await call(base, 'POST', '/api/user/second-factor/confirm', {
      body: { code: totp(e.json.secret) },
      headers: { authorization: `Bearer ${token}` },
    });
    if (c.status !== 200) throw new Error(`confirm ${username}: ${c.status} ${c.body}`);
    return signIn(base, username, password);
  }
  if (r.json.challenge || r.json.secondFactor || !token) {
    const secret = secrets.get(`${base} ${username}`);
    if (!secret) throw new Error(`no TOTP secret for ${username}: ${r.body}`);
    // a code is used once: wait for a fresh step when the last one was taken
    for (let attempt = 0; attempt < 3; attempt++) {
      const s = await call(base, 'POST', '/api/user/login/second-factor', {
        body: { challenge: r.json.challenge, code: totp(secret, attempt) },
      });
      if (s.status === 200)
        return { authorization: `Bearer ${s.json.token}`, id: s.json.userId, username, password };
    }
    throw new Error(`second factor ${username} failed`);
  }
  return { authorization: `Bearer ${token}`, id: r.json.userId, username, password };
}

/** The demo accounts a first start printed into its log. */
export function demoPasswords(logFile) {
  const out = {};
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const m = /^\s+[A-Z_]+\s+(\S+)\s+(Zv\S+)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

export const rnd = (n = 8) => randomBytes(n).toString('hex');

/** Who may call each route, from the reviewed table of the authorization-matrix test. */
export function expectedAccess(repoRoot) {
  const text = readFileSync(`${repoRoot}/apps/server/src/plugins/auth-matrix.test.ts`, 'utf8');
  const table = text.slice(text.indexOf('const EXPECTED = `') + 18, text.indexOf('`;'));
  const map = new Map();
  for (const line of table.trim().split('\n')) {
    const [method, url, access] = line.trim().split(/\s+/);
    map.set(`${method} ${url}`, access);
  }
  return map;
}
