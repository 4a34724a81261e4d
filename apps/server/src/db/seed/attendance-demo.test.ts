import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql';
import { createTestApp, type TestContext } from '../../test/harness';
import { seedAttendance } from './attendance-demo';
import { addMembership, createCompany, createUser } from './factories';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the attendance demo seed', () => {
  // Its auto-closed entry was made six days back, which on a Friday or a Saturday is a weekend:
  // the demo then had no correction request to review (the dashboard spec failed on a Friday).
  it('leaves one auto-closed entry and its pending correction request, whatever the weekday', async () => {
    for (let d = 0; d < 7; d++) {
      const now = new Date(Date.UTC(2026, 10, 23 + d, 18)); // Monday 23 to Sunday 29 November, 13:00 in New York
      const counts = await t.db.system(async (tx) => {
        const co = await createCompany(tx, { name: `Week ${d}`, subDomain: `week${d}` });
        const members: string[] = [];
        for (let i = 0; i < 3; i++) {
          const u = await createUser(tx, { email: `p${i}@week${d}.test`, firstName: `P${i}`, lastName: 'Week' });
          await addMembership(tx, co.id, u.id, { roles: ['member'] });
          members.push(u.id);
        }
        await seedAttendance(tx, co.id, 'America/New_York', members, { now });
        const [c] = await rows<{ closed: number; pending: number }>(
          tx,
          sql`SELECT (SELECT count(*)::int FROM attendance_entries WHERE company_id = ${co.id} AND status = 'auto_closed') AS closed,
                     (SELECT count(*)::int FROM attendance_corrections WHERE company_id = ${co.id} AND status = 'pending') AS pending`,
        );
        return c;
      });
      expect(counts, now.toISOString()).toEqual({ closed: 1, pending: 1 });
    }
  });

  it('puts a support rota at work on a weekend: its people clock in on Saturday and Sunday, the others do not', async () => {
    for (const d of [5, 6]) {
      const now = new Date(Date.UTC(2026, 10, 23 + d, 18)); // Saturday 28 or Sunday 29 November, 13:00 in New York
      const today = now.toISOString().slice(0, 10);
      const found = await t.db.system(async (tx) => {
        const co = await createCompany(tx, { name: `Rota ${d}`, subDomain: `rota${d}` });
        const members: string[] = [];
        for (let i = 0; i < 4; i++) {
          const u = await createUser(tx, { email: `r${i}@rota${d}.test`, firstName: `R${i}`, lastName: 'Rota' });
          await addMembership(tx, co.id, u.id, { roles: ['member'] });
          members.push(u.id);
        }
        const rota = members.slice(2);
        await seedAttendance(tx, co.id, 'America/New_York', members, { now, rota });
        const clocked = await rows<{ user_id: string }>(
          tx,
          sql`SELECT DISTINCT user_id FROM attendance_entries WHERE company_id = ${co.id} AND work_date = ${today}::date`,
        );
        const board = await rows<{ user_id: string }>(
          tx,
          sql`SELECT user_id FROM schedule_assignments WHERE company_id = ${co.id} ORDER BY user_id`,
        );
        return { rota, clocked: clocked.map((r) => r.user_id), assigned: board.map((r) => r.user_id) };
      });
      expect(found.assigned.sort()).toEqual([...found.rota].sort());
      expect(found.clocked.length, today).toBeGreaterThan(0);
      expect(
        found.clocked.every((u) => found.rota.includes(u)),
        today,
      ).toBe(true);
    }
  });
});
