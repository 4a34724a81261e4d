import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAIL_DIR } from './env';

function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString('utf8'));
}

/** The text/plain body of a raw mail, transfer-decoded. */
function textOf(raw: string): string {
  const header = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n/i.exec(raw);
  if (!header) return raw;
  const rest = raw.slice(header.index + header[0].length);
  const body = rest.split(/\r?\n--/)[0] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(header[0])) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(header[0])) return decodeQuotedPrintable(body);
  return body;
}

/** Waits for a mail to `to` received by the test SMTP server after `since` (ms epoch). */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR)
      .filter((f) => Number(f.split('-')[0]) >= since)
      .sort();
    for (const f of files.reverse()) {
      const raw = readFileSync(join(MAIL_DIR, f), 'utf8');
      const rcpt = /^X-E2E-To: (.*)$/m.exec(raw)?.[1] ?? '';
      if (rcpt.split(',').includes(to.toLowerCase())) return textOf(raw);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The 6-digit code of a mail. */
export function otpOf(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail:\n${text}`);
  return code;
}
