import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** A file sent with a mail (a report's PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log: the SMTP host or the outbox directory. */
  readonly destination: string;
};

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>;

/**
 * Sends mail through the configured SMTP server. Without one, every mail is written as an
 * `.eml` file (a complete RFC 5322 message) into the outbox directory, so a self-hosted
 * instance works out of the box and tests can read what was sent.
 */
export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    destination: `SMTP ${new URL(smtpUrl).host}`,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

function outboxMailer(config: MailConfig): Mailer {
  // The stream transport composes the same message an SMTP server would receive.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `outbox ${config.outboxDir}`,
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = path.join(config.outboxDir, `${name}.eml`);
      // Written under a temporary name first so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
  };
}
