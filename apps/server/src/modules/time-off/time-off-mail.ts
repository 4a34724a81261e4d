import type { Language } from '@wac/shared/constants';
import type { Tx } from '../../db/client';
import type { Infra, TenantCtx } from '../../lib/context';
import { enqueue } from '../../lib/jobs/queue';
import type { RunningJob } from '../../lib/jobs/runner';
import { userLanguage } from '../../lib/lang';
import { companyUrl, escapeHtml } from '../../lib/mail';
import * as repo from './requests.repository';
import { intlLocale } from '@wac/shared/intl-locale';

export const TIME_OFF_MAIL_JOB = 'time-off.mail';
export type TimeOffMailEvent = 'requested' | 'approved' | 'declined' | 'cancelled';
export type TimeOffMailJob = RunningJob<{ requestId: string; event: TimeOffMailEvent; to: string[] }>;

/**
 * Mails about a request, as a job in the transaction that changed it: nothing is mailed for a change
 * that rolled back. The key makes one job per request and event.
 */
export async function queueTimeOffMail(
  ctx: TenantCtx,
  tx: Tx,
  p: { requestId: string; event: TimeOffMailEvent; to: string[] },
) {
  if (!p.to.length) return;
  await enqueue(tx, {
    type: TIME_OFF_MAIL_JOB,
    companyId: ctx.companyId,
    payload: p,
    key: `${TIME_OFF_MAIL_JOB}:${p.requestId}:${p.event}`,
  });
}

type Text = {
  subject: Record<TimeOffMailEvent, (who: string) => string>;
  body: Record<TimeOffMailEvent, (who: string, what: string) => string>;
  open: string;
  comment: string;
};

const TEXT: Record<Language, Text> = {
  en: {
    subject: {
      requested: (w) => `${w} requested time off`,
      approved: () => 'Your time off was approved',
      declined: () => 'Your time off was declined',
      cancelled: () => 'Your time off was cancelled',
    },
    body: {
      requested: (w, x) => `${w} asks for ${x}. It waits for your approval.`,
      approved: (_w, x) => `Your request for ${x} was approved.`,
      declined: (_w, x) => `Your request for ${x} was declined.`,
      cancelled: (_w, x) => `Your time off ${x} was cancelled by an admin.`,
    },
    open: 'Open it in the console:',
    comment: 'Comment',
  },
  de: {
    subject: {
      requested: (w) => `${w} hat Abwesenheit beantragt`,
      approved: () => 'Ihre Abwesenheit wurde genehmigt',
      declined: () => 'Ihre Abwesenheit wurde abgelehnt',
      cancelled: () => 'Ihre Abwesenheit wurde storniert',
    },
    body: {
      requested: (w, x) => `${w} beantragt ${x}. Der Antrag wartet auf Ihre Genehmigung.`,
      approved: (_w, x) => `Ihr Antrag auf ${x} wurde genehmigt.`,
      declined: (_w, x) => `Ihr Antrag auf ${x} wurde abgelehnt.`,
      cancelled: (_w, x) => `Ihre Abwesenheit ${x} wurde von einem Admin storniert.`,
    },
    open: 'In der Konsole öffnen:',
    comment: 'Kommentar',
  },
  fr: {
    subject: {
      requested: (w) => `${w} a demandé une absence`,
      approved: () => 'Votre absence a été approuvée',
      declined: () => 'Votre absence a été refusée',
      cancelled: () => 'Votre absence a été annulée',
    },
    body: {
      requested: (w, x) => `${w} demande ${x}. La demande attend votre approbation.`,
      approved: (_w, x) => `Votre demande de ${x} a été approuvée.`,
      declined: (_w, x) => `Votre demande de ${x} a été refusée.`,
      cancelled: (_w, x) => `Votre absence ${x} a été annulée par un administrateur.`,
    },
    open: 'Ouvrir dans la console :',
    comment: 'Commentaire',
  },
  pt: {
    subject: {
      requested: (w) => `${w} pediu uma ausência`,
      approved: () => 'A sua ausência foi aprovada',
      declined: () => 'A sua ausência foi recusada',
      cancelled: () => 'A sua ausência foi cancelada',
    },
    body: {
      requested: (w, x) => `${w} pede ${x}. O pedido aguarda a sua aprovação.`,
      approved: (_w, x) => `O seu pedido de ${x} foi aprovado.`,
      declined: (_w, x) => `O seu pedido de ${x} foi recusado.`,
      cancelled: (_w, x) => `A sua ausência ${x} foi cancelada por um administrador.`,
    },
    open: 'Abrir na consola:',
    comment: 'Comentário',
  },
  ar: {
    subject: {
      requested: (w) => `طلب ${w} إجازة`,
      approved: () => 'تمت الموافقة على إجازتك',
      declined: () => 'تم رفض إجازتك',
      cancelled: () => 'تم إلغاء إجازتك',
    },
    body: {
      requested: (w, x) => `يطلب ${w} ${x}. الطلب بانتظار موافقتك.`,
      approved: (_w, x) => `تمت الموافقة على طلبك: ${x}.`,
      declined: (_w, x) => `تم رفض طلبك: ${x}.`,
      cancelled: (_w, x) => `ألغى أحد المسؤولين إجازتك: ${x}.`,
    },
    open: 'افتحه في لوحة الإدارة:',
    comment: 'تعليق',
  },
};

export function timeOffMail(lang: Language, event: TimeOffMailEvent, t: repo.MailTargetRow, link: string) {
  const x = TEXT[lang] ?? TEXT.en;
  const fmt = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' });
  const range = fmt.formatRange(new Date(`${t.start_date}T00:00:00Z`), new Date(`${t.end_date}T00:00:00Z`));
  const n = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(t.amount);
  const unit = new Intl.NumberFormat(intlLocale(lang), {
    style: 'unit',
    unit: t.unit === 'days' ? 'day' : 'hour',
    unitDisplay: 'long',
  })
    .formatToParts(t.amount)
    .filter((p) => p.type === 'unit')
    .map((p) => p.value)
    .join('');
  const what = `${t.type_name}, ${range} (${n} ${unit})`;
  const who = `${t.requester_first_name} ${t.requester_last_name}`;
  const lines = [x.body[event](who, what)];
  if (t.comment && event !== 'requested') lines.push(`${x.comment}: ${t.comment}`);
  lines.push('', x.open, link);
  const text = lines.join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}">${lines.map((l) => (l === link ? `<a href="${escapeHtml(link)}">${escapeHtml(l)}</a>` : escapeHtml(l))).join('<br>')}</div>`;
  return { subject: x.subject[event](who), text, html };
}

/** Sends the mails of one job, each in its reader's language; at least once (the Message-ID repeats). */
export async function runTimeOffMailJob(infra: Infra, job: TimeOffMailJob) {
  const targets = await infra.db.scoped({ companyId: job.companyId }, (tx) =>
    repo.mailTargets(tx, job.companyId!, job.payload.requestId, job.payload.to),
  );
  for (const [i, t] of targets.entries()) {
    const lang = userLanguage(t.language);
    const link = companyUrl(
      infra.config,
      t.sub_domain,
      job.payload.event === 'requested' ? '/admin/time-off/approvals' : '/admin/time-off',
    );
    await infra.mailer.send({
      to: t.email,
      ...timeOffMail(lang, job.payload.event, t, link),
      messageId: `<${job.id}.${i}@${infra.config.baseDomain}>`,
    });
  }
}
