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
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(dir, { recursive: true });
      counter += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${counter}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
