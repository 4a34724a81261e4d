import { userChannel } from '@wac/shared/realtime';
import type { Infra } from '../../lib/context';
import { userLanguage } from '../../lib/lang';
import { companyUrl } from '../../lib/mail';
import { dailyReminderScan, type ReminderMailJob } from '../../lib/jobs/reminders';
import type { RunningJob } from '../../lib/jobs/runner';
import { todayIn } from '../departments/departments.service';
import * as repo from './reminders.repository';
import { reminderMail } from './reminder-mail';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * Certification reminders, the design of the policy reminders (docs/decisions/016-policy-reminders.md):
 * every day at 08:00 in each company's time zone a scan finds the people with a certification
 * missing, expired, or expiring within its type's `remindDaysBefore`, and enqueues one mail job per
 * person keyed `certification.reminder.mail:{company}:{person}:{day}`. The key makes it at most one
 * mail a day per person (every type of theirs in it): a scan run twice — a kill -9 after its
 * commit, a second process, a restart — adds nothing, and the enqueue commits with the scan's
 * completion or not at all, so a killed scan runs again and forgets no one. The mail job reads
 * what is still due when it sends.
 */

export const CERTIFICATION_REMINDER_SCAN = 'certification.reminders';
export const CERTIFICATION_REMINDER_MAIL = 'certification.reminder.mail';
export const REMINDER_CRON = '0 8 * * *';

/** The daily scan of one company: one keyed mail job per person to remind today (lib/jobs/reminders). */
const scan = dailyReminderScan({
  mailType: CERTIFICATION_REMINDER_MAIL,
  today: todayIn,
  people: (tx, companyId, day) => repo.peopleToRemind(tx, companyId, day),
});
export const runReminderScan = (_infra: Infra, job: RunningJob) => scan(job);

export type { ReminderMailJob };

/** One person's reminder: mailed, and their open "My certifications" refreshes. */
export async function runReminderMail(infra: Infra, job: ReminderMailJob) {
  const companyId = job.companyId;
  if (!companyId) return;
  const found = await infra.db.scoped({ companyId }, (tx) =>
    repo.reminderFor(tx, companyId, job.payload.userId, job.payload.day),
  );
  if (!found || found.items.length === 0) return;
  const lang = userLanguage(found.person.language);
  const date = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' });
  const items = found.items.map((i) => ({
    name: i.name,
    expiresOn: i.expires_on ? date.format(new Date(`${i.expires_on}T00:00:00Z`)) : null,
    expired: i.expires_on !== null && i.expires_on < job.payload.day,
  }));
  const link = companyUrl(infra.config, found.person.sub_domain, '/admin/my-certifications');
  await infra.mailer.send({
    to: found.person.email,
    ...reminderMail(lang, found.person.company, found.person.first_name, items, link),
    messageId: `<${job.id}@${infra.config.baseDomain}>`,
  });
  await infra.bus.publish(userChannel(job.payload.userId), { type: 'listing_changed', resource: 'my-certifications' });
}
