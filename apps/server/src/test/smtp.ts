import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The text/plain part, quoted-printable decoded. */
  text: string;
}

/** A real SMTP server in the test process: mails arrive here exactly as a mail server would see them. */
export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (already received or still to come). */
  waitFor(to: string, opts?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString('utf8'));
}

function decodeSubject(raw: string) {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s?/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    )
    .trim();
}

function textPart(raw: string) {
  const m = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const header = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n/i.exec(raw)?.[0] ?? '';
  const body = m?.[1] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(header)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(header)) return decodeQuotedPrintable(body);
  return body;
}

/** Starts on the first free port of [from, to] (each engineer has a port range). */
export async function startTestSmtp(from = 3100, to = 3199): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: decodeSubject(raw),
          text: textPart(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  // Listen errors (a port taken) are handled below; the server re-emits them on itself too.
  server.on('error', () => {});
  let port = from;
  for (; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) break;
  }
  if (port > to) throw new Error(`no free port in ${from}-${to} for the test SMTP server`);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(address, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 5000);
      const after = opts.after ?? 0;
      for (;;) {
        const found = mails.slice(after).find((m) => m.to.includes(address.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within the timeout`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a mail: alone on its line in the text part. */
export function otpOf(mail: ReceivedMail): string {
  const code = /^(\d{6})\r?$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

/**
 * The admin-area tests' view of the same server: `inbox` and `next(to, after)`, starting on the
 * first free port from `port`.
 */
export async function startSmtp(port: number) {
  const smtp = await startTestSmtp(port, port + 49);
  return {
    url: smtp.url,
    inbox: smtp.mails,
    next: (to: string, after = 0, timeoutMs = 5000) => smtp.waitFor(to, { after, timeoutMs }),
    close: smtp.close,
  };
}

/** The decoded text of a raw mail (quoted-printable soft breaks joined). */
export function mailText(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString('utf8'));
}

export function linkIn(raw: string, pattern = /https?:\/\/[^\s"<]+\/admin\/invitations\/([A-Za-z0-9_-]+)/) {
  const m = mailText(raw).match(pattern);
  if (!m) throw new Error('no invitation link in mail');
  return { url: m[0], token: m[1]! };
}
