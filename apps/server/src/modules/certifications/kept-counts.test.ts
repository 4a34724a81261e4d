import { CertificationTypeListQuerySchema } from '@wac/shared/schemas/certifications';
import { addDays } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { createEntry, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { recordCertification } from '../../db/seed/certification-factories';
import { addMembership, createUser, setEmployee } from '../../db/seed/factories';
import { createCtx, forCompany, type TenantCtx } from '../../lib/context';
import { certificationScene } from '../../test/certification-scene';
import { createTestApp, type TestContext } from '../../test/harness';
import { backlog, holders, listTypes } from './certifications.service';
import { countsWork, forgetKeptCounts } from './kept-counts';

// The types' counts kept by the process under the company's count of changes and date (decision
// 033): read once, then from memory, read again after every change that can move them, and always
// what a process that keeps nothing answers — on the Certifications screen, a type's holders and the
// dashboard's backlog.

const TZ = 'America/New_York';
let t: TestContext;
let ctx: TenantCtx;
let today: string;
let ids: Awaited<ReturnType<typeof certificationScene>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const scene = await certificationScene(tx, { name: 'Initech', subDomain: 'initech' }, TZ);
    today = scene.today;
    const { company: c, firstAid, forklift, ann, ben } = scene;
    // First aid: Ann valid, Ben expiring in ten days, Cy none. Forklift: Ann expired.
    await recordCertification(tx, c, firstAid, ann, { issuedOn: addDays(today, -300), expiresOn: addDays(today, 400) });
    await recordCertification(tx, c, firstAid, ben, { issuedOn: addDays(today, -700), expiresOn: addDays(today, 10) });
    await recordCertification(tx, c, forklift, ann, { issuedOn: addDays(today, -400), expiresOn: addDays(today, -5) });
    return scene;
  });
  ctx = forCompany(createCtx(t.app), ids.company);
});
afterAll(() => t.close());

const query = CertificationTypeListQuerySchema.parse({ sort: 'name' });
/** What the Certifications screen, First aid's holders (its total) and the dashboard show. */
const look = async () => {
  const page = await listTypes(ctx, query);
  const people = await holders(ctx, { id: ids.firstAid.id, page: 1, itemsPerPage: 10 } as never);
  return {
    types: page.data.map((x) => [x.name, x.counts]),
    holders: people.totalItems,
    backlog: await backlog(ctx),
  };
};
/** What a process that keeps nothing shows. */
async function uncached() {
  countsWork.keeping = false;
  try {
    return await look();
  } finally {
    countsWork.keeping = true;
  }
}
const write = (fn: (tx: Tx) => Promise<unknown>) => t.db.system(fn);

describe("certification types' counts kept by the process", () => {
  it('passes over the records once, then answers from memory what a process keeping nothing answers', async () => {
    forgetKeptCounts();
    const start = countsWork.statements;
    const first = await look();
    // The types page read both types in one pass; the holders and the backlog found them kept.
    expect(countsWork.statements - start).toBe(1);
    expect(first.types).toEqual([
      ['First aid', { assigned: 3, valid: 1, expiring: 1, expired: 0, missing: 1 }],
      ['Forklift', { assigned: 1, valid: 0, expiring: 0, expired: 1, missing: 0 }],
    ]);
    expect(first.holders).toBe(3);
    expect(first.backlog).toEqual({ expiring: 1, expired: 1, missing: 1 });
    expect(await look()).toEqual(first);
    expect(countsWork.statements - start).toBe(1);
    expect(first).toEqual(await uncached());
    // A cold process's callers at once share one pass.
    forgetKeptCounts();
    const cold = countsWork.statements;
    const pages = await Promise.all([listTypes(ctx, query), listTypes(ctx, query), listTypes(ctx, query)]);
    expect(countsWork.statements - cold).toBe(1);
    for (const p of pages) expect(p.data.map((x) => [x.name, x.counts])).toEqual(first.types);
  });

  it('passes again after every change that can move a count, and never shows what was', async () => {
    const changes: Array<[string, (tx: Tx) => Promise<unknown>]> = [
      [
        'a certificate recorded for Cy',
        (tx) =>
          recordCertification(tx, ids.company, ids.firstAid, ids.cy, {
            issuedOn: addDays(today, -7),
            expiresOn: addDays(today, 700),
          }),
      ],
      [
        "Ben's submission approved",
        async (tx) => {
          await recordCertification(tx, ids.company, ids.firstAid, ids.ben, {
            issuedOn: addDays(today, -2),
            expiresOn: addDays(today, 700),
            status: 'pending',
          });
          await tx.execute(
            sql`UPDATE certification_records SET status = 'approved' WHERE user_id = ${ids.ben} AND status = 'pending'`,
          );
          await tx.execute(
            sql`SELECT certification_refresh_current(${ids.company}::uuid, ${ids.firstAid.id}::uuid, ${ids.ben}::uuid)`,
          );
        },
      ],
      [
        "Forklift's audience moved from the team to the department",
        (tx) =>
          tx.execute(sql`UPDATE certification_types SET audience_team_ids = '{}', audience_department_ids = ARRAY[${ids.dept}]::uuid[]
                          WHERE id = ${ids.forklift.id}`),
      ],
      ['Cy moved into the department', (tx) => setEmployee(tx, ids.company, ids.cy, { departmentId: ids.dept })],
      ['Ben leaving the department', (tx) => setEmployee(tx, ids.company, ids.ben, { departmentId: null })],
      [
        'Ben joining the team, Forklift back on the team',
        async (tx) => {
          await tx.execute(
            sql`INSERT INTO team_members (company_id, team_id, user_id) VALUES (${ids.company}, ${ids.team}, ${ids.ben})`,
          );
          await tx.execute(sql`UPDATE certification_types SET audience_team_ids = ARRAY[${ids.team}]::uuid[], audience_department_ids = '{}'
                                WHERE id = ${ids.forklift.id}`);
        },
      ],
      [
        "Cy's employment ended yesterday",
        (tx) => setEmployee(tx, ids.company, ids.cy, { endDate: addDays(today, -1) }),
      ],
      [
        "Ben's membership disabled",
        (tx) =>
          tx.execute(
            sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.company} AND user_id = ${ids.ben}`,
          ),
      ],
      [
        'someone joining today',
        async (tx) => {
          const u = await createUser(tx, { email: 'dee@initech.test', firstName: 'Dee' });
          await addMembership(tx, ids.company, u.id);
        },
      ],
      [
        "Ann's First aid revoked",
        (tx) =>
          tx.execute(
            sql`DELETE FROM certification_records WHERE user_id = ${ids.ann} AND type_id = ${ids.firstAid.id}`,
          ),
      ],
      ['the team deleted', (tx) => tx.execute(sql`DELETE FROM teams WHERE id = ${ids.team}`)],
      // Twelve hours east: the company's date may turn, and with it what expires and who is employed.
      ["the company's zone", (tx) => setCompanyTimeZone(tx, ids.company, 'Pacific/Kiritimati')],
    ];
    let moved = 0;
    for (const [what, change] of changes) {
      const before = await look();
      const read = countsWork.statements;
      await write(change);
      const after = await look();
      expect(countsWork.statements, what).toBeGreaterThan(read);
      expect(after, what).toEqual(await uncached());
      if (JSON.stringify(after) !== JSON.stringify(before)) moved += 1;
    }
    // Every change but the zone moves a figure on these screens (the zone may or may not turn the date).
    expect(moved).toBeGreaterThanOrEqual(changes.length - 1);
    await write((tx) => setCompanyTimeZone(tx, ids.company, TZ));
  });

  it('keeps the counts through what cannot move them: a clock-in, a rename, a job title', async () => {
    const before = await look();
    const read = countsWork.statements;
    await write(async (tx) => {
      await createEntry(tx, ids.company, { userId: ids.ann, workDate: today, clockIn: new Date(), clockOut: null });
      await tx.execute(
        sql`UPDATE memberships SET sort_name = 'zz ann' WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`,
      );
      await setEmployee(tx, ids.company, ids.ann, { jobTitle: 'Foreman' });
    });
    expect(await look()).toEqual(before);
    expect(countsWork.statements).toBe(read);
    expect(before).toEqual(await uncached());
  });
});
