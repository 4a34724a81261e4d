import { addDays } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { createEntry, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { createCtx, forCompany, type TenantCtx } from '../../lib/context';
import { rows } from '../../lib/sql';
import { certificationScene } from '../../test/certification-scene';
import { createTestApp, type TestContext } from '../../test/harness';
import { keeping } from './day-rows';
import { certificationWork, forgetKeptCertifications } from './kept-certifications';
import { stats } from './stats.service';

// Certifications valid % kept by the process under the company's count of changes (migration 0046,
// decision 032): read once, then from memory, read again after every change that can move it, and
// always the answer of a process that keeps nothing.

const TZ = 'Europe/Berlin';
let t: TestContext;
let ctx: TenantCtx;
let today: string;
let ids: Awaited<ReturnType<typeof certificationScene>> & { other: string };

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const scene = await certificationScene(tx, { name: 'Umbrella', subDomain: 'umbrella' }, TZ);
    const other = await createCompany(tx, { name: 'Hooli', subDomain: 'hooli' });
    today = scene.today;
    const { company: c, firstAid, forklift, ann, ben } = scene;
    // Ann holds First aid since last year; Ben's expired twenty days ago; Cy has none.
    await recordCertification(tx, c, firstAid, ann, { issuedOn: addDays(today, -300), expiresOn: addDays(today, 400) });
    await recordCertification(tx, c, firstAid, ben, { issuedOn: addDays(today, -700), expiresOn: addDays(today, -20) });
    await recordCertification(tx, c, forklift, ann, { issuedOn: addDays(today, -10), expiresOn: addDays(today, 300) });
    return { ...scene, other: other.id };
  });
  ctx = forCompany(createCtx(t.app), ids.company);
});
afterAll(() => t.close());

type Filter = { team?: string; department?: string };
const ask = (f: Filter = {}) => stats(ctx, { range: 'custom', from: addDays(today, -30), to: today, ...f } as never);
/** The answer of a process that keeps nothing. */
async function uncached(f: Filter = {}) {
  keeping.on = false;
  try {
    return await ask(f);
  } finally {
    keeping.on = true;
  }
}
const valid = (a: Awaited<ReturnType<typeof ask>>) => {
  const k = a.kpis.find((x) => x.key === 'certificationsValid')!;
  return [k.value, k.previous];
};
const write = (fn: (tx: Tx) => Promise<unknown>) => t.db.system(fn);
const epochOf = async (company: string) => {
  const [r] = await t.db.system((tx) =>
    rows<{ n: string | null }>(tx, sql`SELECT (SELECT n FROM stats_epochs WHERE company_id = ${company})::text AS n`),
  );
  return r?.n ?? null;
};

describe('Certifications valid % kept by the process', () => {
  it('reads the certificates once, then answers from memory what a process keeping nothing answers', async () => {
    forgetKeptCertifications();
    const start = certificationWork.statements;
    const first = await ask();
    expect(certificationWork.statements - start).toBe(1);
    // Ann valid of 3 people for First aid, Ann valid for Forklift (her team): 2 of 4 today.
    expect(valid(first)).toEqual([50, 50]);
    const again = await ask();
    expect(certificationWork.statements - start).toBe(1);
    expect(again).toEqual(first);
    expect(again).toEqual(await uncached());
    // A cold process's callers at once share one statement.
    forgetKeptCertifications();
    const cold = certificationWork.statements;
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(certificationWork.statements - cold).toBe(1);
    for (const a of answers) expect(a).toEqual(first);
  });

  it('reads again after every change that can move the figure, and never answers what was', async () => {
    const changes: Array<[string, (tx: Tx) => Promise<unknown>, Filter, boolean]> = [
      [
        'a certificate recorded for Cy, issued last week',
        (tx) =>
          recordCertification(tx, ids.company, ids.firstAid, ids.cy, {
            issuedOn: addDays(today, -7),
            expiresOn: addDays(today, 700),
          }),
        {},
        true,
      ],
      [
        "Ben's submission waiting for review (it holds nothing yet)",
        (tx) =>
          recordCertification(tx, ids.company, ids.firstAid, ids.ben, {
            issuedOn: addDays(today, -2),
            expiresOn: addDays(today, 700),
            status: 'pending',
          }),
        {},
        false,
      ],
      [
        "Ben's submission approved",
        async (tx) => {
          await tx.execute(
            sql`UPDATE certification_records SET status = 'approved' WHERE user_id = ${ids.ben} AND status = 'pending'`,
          );
          await tx.execute(
            sql`SELECT certification_refresh_current(${ids.company}::uuid, ${ids.firstAid.id}::uuid, ${ids.ben}::uuid)`,
          );
        },
        {},
        true,
      ],
      [
        "Forklift's audience moved from the team to the department",
        (tx) =>
          tx.execute(sql`UPDATE certification_types SET audience_team_ids = '{}', audience_department_ids = ARRAY[${ids.dept}]::uuid[]
                          WHERE id = ${ids.forklift.id}`),
        {},
        true,
      ],
      [
        'Cy moved into the department',
        (tx) => setEmployee(tx, ids.company, ids.cy, { departmentId: ids.dept }),
        { department: ids.dept },
        false,
      ],
      [
        'Ben joining the team',
        (tx) =>
          tx.execute(
            sql`INSERT INTO team_members (company_id, team_id, user_id) VALUES (${ids.company}, ${ids.team}, ${ids.ben})`,
          ),
        { team: ids.team },
        true,
      ],
      [
        "Cy's employment ended yesterday",
        (tx) => setEmployee(tx, ids.company, ids.cy, { endDate: addDays(today, -1) }),
        {},
        true,
      ],
      [
        "Ben's membership disabled",
        (tx) =>
          tx.execute(
            sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.company} AND user_id = ${ids.ben}`,
          ),
        {},
        true,
      ],
      [
        'someone joining today',
        async (tx) => {
          const u = await createUser(tx, { email: 'dee@umbrella.test', firstName: 'Dee' });
          await addMembership(tx, ids.company, u.id);
        },
        {},
        true,
      ],
      [
        "Ann's certificate revoked",
        (tx) =>
          tx.execute(
            sql`DELETE FROM certification_records WHERE user_id = ${ids.ann} AND type_id = ${ids.firstAid.id}`,
          ),
        {},
        true,
      ],
      ["the company's zone", (tx) => setCompanyTimeZone(tx, ids.company, 'Pacific/Kiritimati'), {}, false],
    ];
    for (const [what, change, f, moves] of changes) {
      const before = await ask(f);
      await ask(f);
      const read = certificationWork.statements;
      await write(change);
      const after = await ask(f);
      expect(certificationWork.statements, what).toBe(read + 1);
      if (moves) expect(valid(after), what).not.toEqual(valid(before));
      expect(after, what).toEqual(await uncached(f));
    }
    await write((tx) => setCompanyTimeZone(tx, ids.company, TZ));
  });

  it('keeps the figure through what cannot move it: a clock-in, a rename, a job title', async () => {
    await ask();
    const read = certificationWork.statements;
    const epoch = await epochOf(ids.company);
    await write(async (tx) => {
      await createEntry(tx, ids.company, { userId: ids.ann, workDate: today, clockIn: new Date(), clockOut: null });
      await tx.execute(
        sql`UPDATE memberships SET sort_name = 'zz ann' WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`,
      );
      await setEmployee(tx, ids.company, ids.ann, { jobTitle: 'Foreman' });
    });
    expect(await epochOf(ids.company)).toBe(epoch);
    const after = await ask();
    expect(certificationWork.statements).toBe(read);
    expect(after).toEqual(await uncached());
  });

  it('counts nothing for a company without a certification type', async () => {
    await write(async (tx) => {
      const u = await createUser(tx, { email: 'erlich@hooli.test', firstName: 'Erlich' });
      await addMembership(tx, ids.other, u.id);
      await setEmployee(tx, ids.other, u.id, { endDate: addDays(today, 10) });
    });
    expect(await epochOf(ids.other)).toBeNull();
    // Its first type counts, and from then on its members' changes do.
    await write((tx) => createCertificationType(tx, ids.other, { name: 'Fire warden' }));
    const first = await epochOf(ids.other);
    expect(Number(first)).toBeGreaterThan(0);
    await write(async (tx) => {
      const u = await createUser(tx, { email: 'jian@hooli.test', firstName: 'Jian' });
      await addMembership(tx, ids.other, u.id);
    });
    expect(Number(await epochOf(ids.other))).toBeGreaterThan(Number(first));
  });
});
