import type { Ctx, Infra } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import type { RunningJob } from '../../lib/jobs/runner';
import { companyUrl } from '../../lib/mail';
import { invitationMail } from './invitation-mail';
import * as repo from './invitations.repository';

/**
 * Invitation mails. An invitation cancelled, accepted or renewed since is not mailed (its link would
 * not work). Delivery is at least once: a mail whose acknowledgement was lost is sent again with the
 * same Message-ID.
 */
export type InvitationMailJob = RunningJob<{ invitationId: string; lang: Ctx['actor']['lang'] }, { token: string }>;

/** One invitation job: a batch of one. */
export async function runInvitationMailJob(infra: Infra, job: InvitationMailJob) {
  const [error] = await runInvitationMailBatch(infra, [job]);
  if (error) throw error;
}

/**
 * Sends the mails of several invitation jobs at once (a claimed batch): one read per company for
 * their invitations, the mails over the pooled SMTP connections side by side. Answers an error (or
 * null) per job: the runner marks the others done in one statement.
 */
export async function runInvitationMailBatch(infra: Infra, jobs: InvitationMailJob[]): Promise<Array<Error | null>> {
  const byCompany = new Map<string, InvitationMailJob[]>();
  for (const job of jobs) {
    if (!job.companyId) continue;
    byCompany.set(job.companyId, [...(byCompany.get(job.companyId) ?? []), job]);
  }
  const targets = new Map<string, repo.MailTarget>();
  for (const [companyId, list] of byCompany) {
    const found = await infra.db.scoped({ companyId }, (tx) =>
      repo.mailTargets(
        tx,
        list.map((j) => j.payload.invitationId),
      ),
    );
    for (const [id, t] of found) targets.set(id, t);
  }
  const sent = await Promise.allSettled(
    jobs.map(async (job) => {
      const token = job.secret?.token;
      const target = targets.get(job.payload.invitationId);
      if (!token || target?.status !== 'pending' || target.token_hash !== sha256(token)) return;
      const link = companyUrl(infra.config, target.sub_domain, `/admin/invitations/${token}`);
      await infra.mailer.send({
        to: target.email,
        ...invitationMail(job.payload.lang, target.name, link),
        messageId: `<${job.id}@${infra.config.baseDomain}>`,
      });
    }),
  );
  return sent.map((r) =>
    r.status === 'fulfilled' ? null : r.reason instanceof Error ? r.reason : new Error(String(r.reason)),
  );
}
