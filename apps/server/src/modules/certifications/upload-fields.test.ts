import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificationType } from '../../db/seed/certification-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

/**
 * A multipart form's fields are validated outside the route schemas (parseBody): an unknown field
 * answered the issue code 'Unrecognized key: "userUuid"' (zod's English, not a message key) on the
 * path "body." (security review). It is now `invalid` on the field it names, translated.
 */
let t: TestContext;
let member: string;
let typeId: string;
let otherId: string;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const other = await createUser(tx, { email: 'other@acme.test' });
    await addMembership(tx, acme.id, bob.id);
    await addMembership(tx, acme.id, other.id);
    const type = await createCertificationType(tx, acme.id, { name: 'First aid' });
    return { acme: acme.id, bob: bob.id, other: other.id, type: type.id };
  });
  member = (await tokenFor(t.app, ids.bob, ids.acme)).token;
  typeId = ids.type;
  otherId = ids.other;
});
afterAll(() => t.close());

const upload = (fields: Record<string, string>, lang = 'en') => {
  const form = multipartForm(fields, { data: pdf, filename: 'card.pdf', contentType: 'application/pdf' });
  return call(t.app, {
    method: 'POST',
    url: `/api/my-certifications/${typeId}/records`,
    host: 'acme',
    token: member,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': lang },
  });
};

describe('my certificate upload: the form’s fields', () => {
  it('an unknown field is named, with a message key and a translated message; nothing is recorded', async () => {
    const res = await upload({ userUuid: otherId, issuedOn: '2026-01-05' }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.userUuid', code: 'invalid', message: 'Cette valeur n’est pas valide.' }],
    });
    const mine = await call(t.app, { method: 'GET', url: '/api/my-certifications', host: 'acme', token: member });
    expect(mine.json().data[0].record).toBeNull();
  });

  it('a field’s own rule keeps its key', async () => {
    const res = await upload({ issuedOn: '2026-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'body.issuedOn', code: 'date', message: 'This is not a valid date.' }]);
  });

  it('a field sent twice is refused, naming it (the last one won), and a second file is one too many', async () => {
    const boundary = '----wacdup';
    const text = (k: string, v: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    const file = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from('\r\n'),
      ]);
    const send = (parts: Buffer[], lang = 'en') =>
      call(t.app, {
        method: 'POST',
        url: `/api/my-certifications/${typeId}/records`,
        host: 'acme',
        token: member,
        payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
      });
    const twice = await send(
      [Buffer.from(text('issuedOn', '2026-01-05') + text('issuedOn', '2026-02-05')), file('a.pdf')],
      'de',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([
      { path: 'body.issuedOn', code: 'repeated', message: 'Dieses Feld wurde mehrfach gesendet.' },
    ]);
    const two = await send([Buffer.from(text('issuedOn', '2026-01-05')), file('a.pdf'), file('b.pdf')]);
    expect([two.statusCode, two.json().code, two.json().message]).toEqual([
      400,
      'ONE_FILE_ONLY',
      'Send one file at a time.',
    ]);
    const mine = await call(t.app, { method: 'GET', url: '/api/my-certifications', host: 'acme', token: member });
    expect(mine.json().data[0].record).toBeNull();
  });
});
