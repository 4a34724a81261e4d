import type { Tx } from '../../db/client';
import { enqueueMany } from './queue';
import type { RunningJob } from './runner';

/** The key of one person's reminder of a kind on a company day: at most one such mail a day. */
export const reminderKey = (mailType: string, companyId: string, userId: string, day: string) =>
  `${mailType}:${companyId}:${userId}:${day}`;

/**
 * The daily scan of one company for one kind of reminder (policies, certifications; decision 016):
 * one mail job per person to remind today, keyed by `reminderKey`. A scan run twice (a kill -9 after
 * its commit, a second process, a restart) adds nothing, and the enqueue commits with the scan's
 * completion or not at all, so a killed scan runs again and forgets no one. The mail job reads what
 * is still due when it sends.
 */
export function dailyReminderScan(opts: {
  mailType: string;
  /** The company's day (its time zone). */
  today: (tx: Tx, companyId: string) => Promise<string>;
  /** Who to remind on that day. */
  people: (tx: Tx, companyId: string, day: string) => Promise<ReadonlyArray<{ user_id: string }>>;
}) {
  return async (job: RunningJob) => {
    const companyId = job.companyId;
    if (!companyId) return;
    await job.finish(async (tx) => {
      const day = await opts.today(tx, companyId);
      const people = await opts.people(tx, companyId, day);
      await enqueueMany(
        tx,
        people.map((p) => ({
          type: opts.mailType,
          companyId,
          payload: { userId: p.user_id, day },
          key: reminderKey(opts.mailType, companyId, p.user_id, day),
        })),
      );
    });
  };
}

/** The payload of a reminder mail job made by `dailyReminderScan`. */
export type ReminderMailJob = RunningJob<{ userId: string; day: string }>;
