// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer, mailStartNotice } from './mail';

const message = {
  to: 'new@acme.test',
  subject: 'Your code',
  text: 'Code: 123456 and https://acme.localhost/x?t=secret',
};

describe('mail without SMTP_URL', () => {
  it('the embedded demo writes mails to the log, and says so at start', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(40) });
    expect(config.mailLog).toBe(true);
    const lines: string[] = [];
    const mailer = createMailer(config, (m) => lines.push(m));
    await mailer.send(message);
    mailer.close();
    expect(lines.join('\n')).toContain('123456');
    expect(mailStartNotice(config)).toMatch(/written to this log/);
  });

  it('with DATABASE_URL, mails are never logged unless MAIL_LOG asks for it', async () => {
    const env = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', JWT_SECRET: 'x'.repeat(40) };
    const config = loadConfig(env);
    expect(config.mailLog).toBe(false);
    const lines: string[] = [];
    const mailer = createMailer(config, (m) => lines.push(m));
    await mailer.send(message);
    mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('123456');
    expect(lines[0]).not.toContain('secret');
    expect(lines[0]).not.toContain('new@acme.test');
    expect(mailStartNotice(config)).toMatch(/NOT sent/);
    expect(loadConfig({ ...env, MAIL_LOG: 'true' }).mailLog).toBe(true);
  });

  it('says nothing at start when an SMTP server is set', () => {
    expect(mailStartNotice({ smtpUrl: 'smtp://127.0.0.1:25', mailLog: true })).toBeNull();
  });
});
