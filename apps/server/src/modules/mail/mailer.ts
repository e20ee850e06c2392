import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  attachments?: MailAttachment[];
};

/** Sends one message; throws when it could not be handed over (the outbox retries). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox. */
export function createMailer(opts: { smtpUrl?: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(message);
      },
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  // The directory is made once, not for every message (a mkdir and an lstat each: decision 0102);
  // made again only if it went away.
  let made: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      counter += 1;
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${counter}.eml`,
      );
      made ??= mkdir(dir, { recursive: true }).catch((err: unknown) => {
        made = undefined;
        throw err;
      });
      await made;
      await writeFile(file, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await (made = mkdir(dir, { recursive: true }));
        await writeFile(file, info.message as Buffer);
      });
    },
  };
}
