import { userChannel } from '@wac/shared/realtime';
import type { Infra } from '../../lib/context';
import { userLanguage } from '../../lib/lang';
import { companyUrl } from '../../lib/mail';
import { dailyReminderScan, type ReminderMailJob } from '../../lib/jobs/reminders';
import type { RunningJob } from '../../lib/jobs/runner';
import { todayIn } from '../departments/departments.service';
import * as acks from './acknowledgements.repository';
import { reminderMail } from './reminder-mail';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * Reminders (docs/decisions/016-policy-reminders.md): every day at 08:00 in each company's time
 * zone a scan finds the people with a policy due within REMIND_DAYS_BEFORE days or overdue, and
 * enqueues one mail job per person keyed `policy.reminder:{company}:{person}:{day}`. The key is
 * the at-most-once-a-day rule: a scan run twice (a kill -9 after its commit, a second process, a
 * restart) adds nothing, and the scan's enqueue commits with the scan's completion or not at all,
 * so a killed scan runs again and forgets no one. The mail job reads what is still outstanding
 * when it sends, and a mail re-sent after a lost acknowledgement keeps its Message-ID.
 */

export const POLICY_REMINDER_SCAN = 'policy.reminders';
export const POLICY_REMINDER_MAIL = 'policy.reminder.mail';
export const REMIND_DAYS_BEFORE = 3;
export const REMINDER_CRON = '0 8 * * *';

/** The daily scan of one company: one keyed mail job per person to remind today (lib/jobs/reminders). */
const scan = dailyReminderScan({
  mailType: POLICY_REMINDER_MAIL,
  today: todayIn,
  people: (tx, companyId) => acks.dueSoonPeople(tx, companyId, REMIND_DAYS_BEFORE),
});
export const runReminderScan = (_infra: Infra, job: RunningJob) => scan(job);

export type { ReminderMailJob };

/** One person's reminder: mailed, and their open console's policy lists refresh. */
export async function runReminderMail(infra: Infra, job: ReminderMailJob) {
  const companyId = job.companyId;
  if (!companyId) return;
  const found = await infra.db.scoped({ companyId }, (tx) =>
    acks.reminderFor(tx, companyId, job.payload.userId, REMIND_DAYS_BEFORE),
  );
  if (!found || found.items.length === 0) return;
  const lang = userLanguage(found.person.language);
  const date = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' });
  const items = found.items.map((i) => ({
    title: i.title,
    due: date.format(new Date(i.due_at)),
    overdue: i.status === 'overdue',
  }));
  const link = companyUrl(infra.config, found.person.sub_domain, '/admin/my-policies');
  await infra.mailer.send({
    to: found.person.email,
    ...reminderMail(lang, found.person.company, found.person.first_name, items, link),
    messageId: `<${job.id}@${infra.config.baseDomain}>`,
  });
  await infra.bus.publish(userChannel(job.payload.userId), { type: 'listing_changed', resource: 'my-policies' });
}
