import { addDays, isoWeekday, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import type { Tx } from '../client';
import { attendanceEntries } from '../schema/index';
import { withStatsDerivedAfter } from './attendance-factories';
import { setEmployee } from './factories';

/**
 * What the Stats charts need beyond the attendance demo's four weeks: two years of history before
 * them, so that Last Year has a bar for each of its weeks and a year before it to compare with
 * (same deterministic variety: mostly on time, some late, an absence now and then), and
 * three recent joiners so the headcount line moves. Runs after `seedAttendance` (its schedule and
 * holiday apply); the trigger on attendance_entries keeps the stats aggregate as rows go in.
 */
export async function seedStatsDemo(
  tx: Tx,
  companyId: string,
  timeZone: string,
  memberIds: string[],
  skip: string[],
  joiners: string[],
) {
  const today = zonedDate(new Date(), timeZone);
  const rows: Array<typeof attendanceEntries.$inferInsert> = [];
  for (const [i, userId] of memberIds.entries()) {
    if (skip.includes(userId)) continue;
    for (let back = 29; back <= 760; back++) {
      const date = addDays(today, -back);
      if (isoWeekday(date) > 5) continue;
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
  for (const [n, userId] of joiners.entries()) {
    await setEmployee(tx, companyId, userId, { startDate: addDays(today, -(12 + n * 30)) });
  }
}
