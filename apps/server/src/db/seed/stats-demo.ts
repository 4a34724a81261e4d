import { addDays, isoWeekday, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import type { Tx } from '../client';
import { attendanceEntries } from '../schema/index';
import { awayFromWork, withStatsDerivedAfter } from './attendance-factories';
import { setEmployee } from './factories';

/**
 * Three recent joiners, so the headcount line of Stats moves: their employee records start 12, 42
 * and 72 days ago. Runs before the attendance seeds, which clock nobody in before their start.
 */
export async function seedJoiners(tx: Tx, companyId: string, timeZone: string, joiners: string[]) {
  const today = zonedDate(new Date(), timeZone);
  for (const [n, userId] of joiners.entries()) {
    await setEmployee(tx, companyId, userId, { startDate: addDays(today, -(12 + n * 30)) });
  }
}

/**
 * What the Stats charts need beyond the attendance demo's four weeks: two years of history before
 * them, so that Last Year has a bar for each of its weeks and a year before it to compare with
 * (same deterministic variety: mostly on time, some late, an absence now and then). Nobody clocks
 * on their days of approved leave (`away`) or before their employee record's start. Runs after
 * `seedAttendance` (its schedule and holiday apply); the stats aggregates are derived once after.
 */
export async function seedStatsDemo(
  tx: Tx,
  companyId: string,
  timeZone: string,
  memberIds: string[],
  away: ReadonlyMap<string, readonly string[]> = new Map(),
) {
  const today = zonedDate(new Date(), timeZone);
  const off = await awayFromWork(tx, companyId, away);
  const rows: Array<typeof attendanceEntries.$inferInsert> = [];
  for (const [i, userId] of memberIds.entries()) {
    for (let back = 29; back <= 760; back++) {
      const date = addDays(today, -back);
      if (isoWeekday(date) > 5 || off(userId, date)) continue;
      if ((i + back) % 9 === 4) continue;
      // Lateness drifts with the month and is worse on Mondays.
      const late = (i + back) % 7 === 2 || (isoWeekday(date) === 1 && (i + back) % 3 === 0);
      const inAt = zonedInstant(
        date,
        late ? `09:2${(i + back) % 10}` : `08:${String(40 + ((i + back) % 19)).padStart(2, '0')}`,
        timeZone,
      );
      const outAt = zonedInstant(
        date,
        (i + back) % 5 === 0 ? '18:15' : `17:${String((i * 7 + back) % 45).padStart(2, '0')}`,
        timeZone,
      );
      rows.push({
        companyId,
        userId,
        workDate: date,
        clockIn: inAt,
        clockOut: outAt,
        recordedIn: inAt,
        recordedOut: outAt,
        status: 'closed',
        source: 'web',
      });
    }
  }
  await withStatsDerivedAfter(tx, companyId, memberIds, async () => {
    for (let k = 0; k < rows.length; k += 500) await tx.insert(attendanceEntries).values(rows.slice(k, k + 500));
  });
}
