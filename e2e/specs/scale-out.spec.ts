import { expect, test } from '@playwright/test';
import { addMembership, createCompany, createUser } from '../../apps/server/src/db/seed/factories';
import { hashPassword } from '../../apps/server/src/lib/password';
import { type Cluster, startCluster } from '../../apps/server/src/test/cluster';
import { expectDashboard } from '../support/console';

/**
 * Two server processes that share only PostgreSQL and Redis (the product scales out that way): a browser
 * signed in on process B is signed out within a second when an admin on process A revokes its
 * session, and a role change made on A updates the menu on B without a reload.
 */
const PORTS = [3296, 3297];
const PASSWORD = 'Scale-Out-2026';
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({ ports: PORTS, label: 'e2e' });
  const passwordHash = await hashPassword(PASSWORD);
  await cluster.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme Corp', subDomain: 'acme' });
    const admin = await createUser(tx, { email: 'ann@acme-corp.com', firstName: 'Ann', passwordHash });
    const member = await createUser(tx, { email: 'max@acme-corp.com', firstName: 'Max', passwordHash });
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, member.id);
  });
});
test.afterAll(async () => {
  await cluster?.close();
});

async function adminToken() {
  const res = await cluster.http(PORTS[0]!, {
    method: 'POST',
    path: '/api/jwt/login',
    sub: 'acme',
    body: { email: 'ann@acme-corp.com', password: PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.accessToken as string;
}

async function memberRecord(token: string) {
  const res = await cluster.http(PORTS[0]!, { method: 'GET', path: '/api/members?search=max', sub: 'acme', token });
  return (res.body.data as Array<{ uuid: string; version: number }>)[0]!;
}

test('a browser on process B follows what an admin does on process A', async ({ page }) => {
  const onB = `http://acme.localhost:${PORTS[1]}/admin`;
  // The company's sign-in page forwards to the base domain's at once: wait only for the start.
  await page.goto(`${onB}/login`, { waitUntil: 'commit' });
  await page.locator('input[autocomplete=username]').fill('max@acme-corp.com');
  await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expectDashboard(page, 'Max');

  const token = await adminToken();
  const usersLink = page.getByRole('navigation').getByRole('link', { name: 'Users' });
  await expect(usersLink).toHaveCount(0);
  let max = await memberRecord(token);
  const promoted = await cluster.http(PORTS[0]!, {
    method: 'PATCH',
    path: `/api/members/${max.uuid}`,
    sub: 'acme',
    token,
    body: { version: max.version, roles: ['admin'] },
  });
  expect(promoted.status).toBe(200);
  await expect(usersLink).toHaveCount(1, { timeout: 5000 });

  max = await memberRecord(token);
  const started = Date.now();
  const revoked = await cluster.http(PORTS[0]!, {
    method: 'POST',
    path: `/api/members/${max.uuid}/sessions/revoke`,
    sub: 'acme',
    token,
  });
  expect(revoked.status).toBe(200);
  await page.waitForURL(/\/admin\/login/, { timeout: 5000 });
  const elapsed = Date.now() - started;
  console.log(`revoke on A → browser on B signed out in ${elapsed} ms`);
  expect(elapsed).toBeLessThan(1000);
});
