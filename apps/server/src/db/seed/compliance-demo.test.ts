import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestContext;
// The whole demo (two companies, weeks of attendance, time off, compliance) is one large job: about
// 30 s on PGlite on a quiet machine, and more than the default minute on CI's two cores beside the
// browser tier.
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app);
}, 240_000);
afterAll(() => t.close());

const login = async (email: string, host: string) =>
  (
    await call(t.app, { method: 'POST', url: '/api/jwt/login', host, payload: { email, password: DEMO_PASSWORD } })
  ).json().accessToken as string;
const get = async (url: string, token: string, host = 'acme') =>
  (await call(t.app, { method: 'GET', url, host, token })).json();

describe('the compliance demo', () => {
  it('has Code of Conduct v2 outstanding for Bob, acknowledged by Alice, and a PDF policy', async () => {
    const bob = await login('bob@example.com', 'acme');
    const mine = (await get('/api/my-policies', bob)).data;
    expect(mine.find((p: { title: string }) => p.title === 'Code of Conduct')).toMatchObject({
      number: 2,
      status: 'outstanding',
    });
    expect(mine.find((p: { title: string }) => p.title === 'Information Security Policy')).toMatchObject({
      bodyKind: 'pdf',
    });

    const alice = await login('alice@example.com', 'acme');
    const policies = (await get('/api/policies?search=conduct', alice)).data;
    const tracking = await get(`/api/policies/${policies[0].uuid}/tracking`, alice);
    expect(tracking.summary).toMatchObject({ assigned: 2, acknowledged: 1, outstanding: 1, completion: 50 });

    const pdfPolicy = mine.find((p: { title: string }) => p.title === 'Information Security Policy');
    const pdf = await call(t.app, {
      method: 'GET',
      url: `/api/my-policies/${pdfPolicy.uuid}/pdf`,
      host: 'acme',
      token: bob,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives Globex its own policy only', async () => {
    const grace = await login('grace@globex.example.com', 'globex');
    const titles = (await get('/api/policies', grace, 'globex')).data.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Remote Work Policy']);
  });

  it('has Acme\'s "First aid" expiring in 10 days for Bob and expired for another member; Globex its own type', async () => {
    const alice = await login('alice@example.com', 'acme');
    const types = (await get('/api/certification-types', alice)).data;
    expect(types.map((x: { name: string }) => x.name)).toEqual(['First aid', 'Security awareness']);
    const firstAid = types[0];
    expect(firstAid.counts.expiring).toBeGreaterThanOrEqual(1);
    expect(firstAid.counts.expired).toBeGreaterThanOrEqual(1);
    const expired = (await get(`/api/certification-types/${firstAid.uuid}/holders?status=expired`, alice)).data;
    expect(expired).toHaveLength(1);
    expect(expired[0].person.email).not.toBe('bob@example.com');

    const bob = await login('bob@example.com', 'acme');
    const mine = await get('/api/my-certifications', bob);
    const bobsFirstAid = mine.data.find((c: { type: { name: string } }) => c.type.name === 'First aid');
    expect(bobsFirstAid.status).toBe('expiring');
    const days = (Date.parse(bobsFirstAid.record.expiresOn) - Date.parse(mine.today)) / 86_400_000;
    expect(days).toBe(10);
    expect(bobsFirstAid.record.evidence).toMatchObject({ contentType: 'application/pdf' });
    const pdf = await call(t.app, {
      method: 'GET',
      url: `/api/my-certifications/records/${bobsFirstAid.record.uuid}/evidence`,
      host: 'acme',
      token: bob,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const grace = await login('grace@globex.example.com', 'globex');
    const globexTypes = (await get('/api/certification-types', grace, 'globex')).data;
    expect(globexTypes.map((x: { name: string }) => x.name)).toEqual(['Forklift licence']);
  });
});
