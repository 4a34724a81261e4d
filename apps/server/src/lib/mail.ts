import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (sent again after a lost acknowledgement, mail systems see the same message). */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** With no SMTP_URL, the last mails are kept here so the demo can show them (never with SMTP). */
  outbox: MailMessage[];
  close(): void;
}

const OUTBOX_SIZE = 50;

/**
 * SMTP_URL sends through a real server. Without it, mails are kept in memory (the last few) and,
 * when `mailLog` says so (the embedded demo, or MAIL_LOG=true), written to the log with their
 * codes and links; otherwise only the fact that a mail was not sent is logged.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpPoolSize' | 'mailFrom' | 'mailLog'>,
  log: (msg: string) => void,
): Mailer {
  const outbox: MailMessage[] = [];
  // Pooled: a connection per mail (TCP, greeting, EHLO, QUIT) would cap a 100,000-mail import at
  // what the handshakes allow; open connections are reused by the mail jobs running at once.
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        pool: true,
        maxConnections: config.smtpPoolSize ?? 4,
        maxMessages: Number.POSITIVE_INFINITY,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    outbox,
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
      if (!config.smtpUrl) {
        outbox.push(message);
        if (outbox.length > OUTBOX_SIZE) outbox.shift();
        log(
          config.mailLog
            ? `mail to ${message.to}: ${message.subject}\n${message.text}`
            : 'a mail was not sent: no SMTP_URL is set (MAIL_LOG=true writes mails to the log instead)',
        );
      }
    },
    close: () => transport.close(),
  };
}

/** What to say at start about mail: where mails go when no SMTP server is set. */
export function mailStartNotice(config: Pick<Config, 'smtpUrl' | 'mailLog'>): string | null {
  if (config.smtpUrl) return null;
  return config.mailLog
    ? 'No SMTP_URL: mails (sign-up codes, invitation and reset links) are written to this log. Set SMTP_URL to send them.'
    : 'No SMTP_URL: mails are NOT sent and not logged. Set SMTP_URL (or MAIL_LOG=true to write them to the log).';
}

/** The console's public URL on a company's sub-domain, for links in mails (the port is left out when it is the default). */
export function companyUrl(config: Config, subDomain: string, path: string) {
  const defaultPort = config.publicProtocol === 'https' ? 443 : 80;
  const port = config.publicPort && config.publicPort !== defaultPort ? `:${config.publicPort}` : '';
  return `${config.publicProtocol}://${subDomain}.${config.baseDomain}${port}${path}`;
}

/** Text made safe to place in a mail's HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A reminder mail's body: a greeting, an intro, one line per item, and a link, as plain text and as
 * HTML (right to left in Arabic), every text escaped.
 */
export function listMail(
  lang: string,
  m: { hello: string; intro: string; items: string[]; open: string; link: string },
) {
  const text = [m.hello, '', m.intro, ...m.items.map((i) => `- ${i}`), '', m.open, m.link].join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}"><p>${escapeHtml(m.hello)}</p><p>${escapeHtml(m.intro)}</p><ul>${m.items
    .map((i) => `<li>${escapeHtml(i)}</li>`)
    .join('')}</ul><p>${escapeHtml(m.open)} <a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p></div>`;
  return { text, html };
}
