import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../test/free-port';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Mail = { to: string[]; raw: string };

/** A real SMTP server that keeps every message it receives. */
export async function startSmtpServer(): Promise<{ url: string; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ZevarProcess = {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
  alive: () => boolean;
};

/**
 * Starts one real Zevar server process: the bundle `npm start` runs (apps/server/dist/server.mjs, which
 * scripts/test-scale-out.sh builds first), from apps/server as `npm start` does, without the web build.
 */
export async function startZevar(name: string, env: Record<string, string>): Promise<ZevarProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zevar-scale-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The suite signs in as the first admin without a second factor (that has its own tests).
      TOTP_REQUIRED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  return { name, base: `http://127.0.0.1:${port}`, child, output: () => log, alive: () => !exited };
}

export async function isReady(p: ZevarProcess): Promise<boolean> {
  try {
    return (await fetch(`${p.base}/api/ready`)).status === 200;
  } catch {
    return false;
  }
}
