import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** With no SMTP_URL, the last mails are kept here so the demo can show them (never with SMTP). */
  outbox: MailMessage[];
  close(): void;
}

const OUTBOX_SIZE = 50;

/** SMTP_URL sends through a real server; without it, mails are logged and kept in memory. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: (msg: string) => void): Mailer {
  const outbox: MailMessage[] = [];
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    outbox,
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
      if (!config.smtpUrl) {
        outbox.push(message);
        if (outbox.length > OUTBOX_SIZE) outbox.shift();
        log(`mail to ${message.to}: ${message.subject}\n${message.text}`);
      }
    },
    close: () => transport.close(),
  };
}
