import { fillIn, PUBLIC_PAGE_STRINGS } from '@wac/shared/public-page-strings';
import { userChannel } from '@wac/shared/realtime';
import { type PublicPage, type VisitorMessage, VisitorMessageSchema } from '@wac/shared/schemas/company-pages';
import type { Ctx, Infra } from '../../lib/context';
import { forCompany } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enqueue } from '../../lib/jobs/queue';
import type { RunningJob } from '../../lib/jobs/runner';
import { limitVisitor } from '../auth/rate-limit.service';
import * as repo from './company-pages.repository';
import { toReceived } from './company-pages.service';

/**
 * The public company page: anyone reads a published page of an enabled company; an unknown company,
 * an unknown or unpublished page answer the same 404. Visitors' forms are limited per IP and per page.
 */

export const PAGE_MAIL_JOB = 'company_page.mail';

/** The scheduling and video-room links of a person (spec §9), built from the configured base URLs. */
export const productLinks = (config: Infra['config'], userId: string, subDomain: string) => ({
  call: `${config.videoUrl.replace(/\/$/, '')}/video-room/dashboard/${userId}`,
  schedule: `${config.schedulingUrl.replace(/\/$/, '')}/scheduling/schedule/${userId}?_company=${encodeURIComponent(subDomain)}`,
});

type CompanyRow = Awaited<ReturnType<typeof repo.companyBySubDomain>>;
/**
 * Companies by sub-domain, remembered for a few seconds by this process: the public page is read far
 * more often than a company changes, and the lookup is a transaction of its own. A disabled company's
 * pages answer 404 at most COMPANY_TTL_MS later.
 */
const COMPANY_TTL_MS = 10_000;
const companies = new Map<string, { row: CompanyRow; at: number }>();
async function companyOf(ctx: Ctx, subDomain: string) {
  const hit = companies.get(subDomain);
  if (hit && Date.now() - hit.at < COMPANY_TTL_MS) return hit.row;
  const row = await ctx.system((tx) => repo.companyBySubDomain(tx, subDomain));
  if (companies.size > 10_000) companies.clear();
  companies.set(subDomain, { row, at: Date.now() });
  return row;
}

async function resolve(ctx: Ctx, company: string, slug: string) {
  const c = await companyOf(ctx, company.toLowerCase());
  if (!c?.enabled) throw new AppError('NOT_FOUND');
  const scoped = forCompany(ctx, c.id);
  const found = await scoped.run(async (tx) => {
    const page = await repo.findPublished(tx, c.id, slug.toLowerCase());
    return page
      ? { page, users: (await repo.usersOf(tx, c.id, [page.id])).filter((u) => u.m_enabled && u.employed) }
      : null;
  });
  if (!found) throw new AppError('NOT_FOUND');
  return { company: c, scoped, ...found };
}

export async function publicPage(ctx: Ctx, { company, slug }: { company: string; slug: string }): Promise<PublicPage> {
  const { company: c, page, users } = await resolve(ctx, company, slug);
  const presence = await ctx.infra.presence?.statuses(
    c.id,
    users.map((u) => u.user_id),
  );
  return {
    company: { name: c.name, subDomain: c.sub_domain },
    title: page.title,
    description: page.description,
    slug: page.slug,
    people: users.map((u) => {
      const links = productLinks(ctx.infra.config, u.user_id, c.sub_domain);
      return {
        uuid: u.user_id,
        name: `${u.first_name} ${u.last_name}`.trim(),
        jobTitle: u.job_title,
        photoUrl: u.avatar,
        presence: presence?.get(u.user_id) ?? 'offline',
        callUrl: u.video_call_enabled && u.m_video ? links.call : null,
        scheduleUrl: u.scheduling_enabled && u.m_scheduling ? links.schedule : null,
        canEmail: u.email_enabled && u.m_email,
        canMessage: true,
      };
    }),
  };
}

interface VisitorInput {
  company: string;
  slug: string;
  uuid: string;
  body: VisitorMessage;
}

/** The page, the person on it, and one more hit on the visitor limits (before anything is stored). */
async function visitorTarget(ctx: Ctx, input: VisitorInput) {
  const found = await resolve(ctx, input.company, input.slug);
  const person = found.users.find((u) => u.user_id === input.uuid);
  if (!person) throw new AppError('NOT_FOUND');
  await limitVisitor(ctx.infra, { ip: ctx.actor.ip ?? 'unknown', pageId: found.page.id });
  return { ...found, person, body: VisitorMessageSchema.parse(input.body) };
}

/** "Send email": mailed to the person through the job runner; their address never leaves the server. */
export async function sendEmail(ctx: Ctx, input: VisitorInput) {
  const { company, page, person, scoped, body } = await visitorTarget(ctx, input);
  if (!(person.email_enabled && person.m_email)) throw new AppError('PAGE_ACTION_DISABLED');
  await scoped.run((tx) =>
    enqueue(tx, {
      type: PAGE_MAIL_JOB,
      companyId: company.id,
      payload: { userId: person.user_id, pageTitle: page.title, lang: ctx.actor.lang },
      secret: { name: body.name, email: body.email, message: body.message },
    }),
  );
}

/** "Send message": stored for the person and shown live in their open console. */
export async function sendMessage(ctx: Ctx, input: VisitorInput) {
  const { company, page, person, scoped, body } = await visitorTarget(ctx, input);
  const row = await scoped.run((tx) =>
    repo.insertMessage(tx, company.id, {
      pageId: page.id,
      pageTitle: page.title,
      recipient: person.user_id,
      name: body.name,
      email: body.email,
      body: body.message,
    }),
  );
  await ctx.publish(userChannel(person.user_id), {
    type: 'page_message',
    companyUuid: company.id,
    message: toReceived(row),
  });
}

export type PageMailJob = RunningJob<
  { userId: string; pageTitle: string; lang: Ctx['actor']['lang'] },
  { name: string; email: string; message: string }
>;

export async function runPageMailJob(infra: Infra, job: PageMailJob) {
  const secret = job.secret;
  if (!secret || !job.companyId) return;
  const to = await infra.db.scoped({ companyId: job.companyId }, (tx) =>
    repo.memberEmail(tx, job.companyId!, job.payload.userId),
  );
  if (!to) return;
  const s = PUBLIC_PAGE_STRINGS[job.payload.lang] ?? PUBLIC_PAGE_STRINGS.en;
  const values = { page: job.payload.pageTitle, name: secret.name, email: secret.email };
  await infra.mailer.send({
    to: to.email,
    subject: fillIn(s.mailSubject, values),
    text: `${fillIn(s.mailIntro, values)}\n\n${secret.message}\n`,
    messageId: `<${job.id}@${infra.config.baseDomain}>`,
  });
}
