import type { TimeOffPreviewInput } from '@wac/shared/schemas/time-off';
import type { TenantCtx } from '../../lib/context';
import { workingDays } from '../attendance/calendar.service';

export const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The share of each working day a range takes: whole days, halves at either end; in hours, the
 * scheduled minutes of each day (halved likewise). Reads the attendance calendar through its service.
 */
export async function count(ctx: TenantCtx, userId: string, unit: 'days' | 'hours', q: TimeOffPreviewInput) {
  const wd = await workingDays(ctx, { userId, from: q.startDate, to: q.endDate });
  const days = wd.dates.map((d) => {
    const whole = unit === 'days' ? 1 : d.minutes / 60;
    const half = (d.date === q.startDate && q.startHalf) || (d.date === q.endDate && q.endHalf);
    return { date: d.date, amount: round(half ? whole / 2 : whole) };
  });
  return { days, amount: round(days.reduce((s, d) => s + d.amount, 0)) };
}
