import type { Language } from '@wac/shared/constants';
import type { Tx } from '../../db/client';
import type { Infra } from '../../lib/context';
import { enqueue } from '../../lib/jobs/queue';
import type { RunningJob } from '../../lib/jobs/runner';
import { userLanguage } from '../../lib/lang';
import { companyUrl, escapeHtml } from '../../lib/mail';
import * as subs from './submissions.repository';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * A member's upload waits for review (decision 019): the company's admins are mailed, each in their
 * language, by a job enqueued in the upload's transaction (no mail for an upload that rolled back;
 * one job per upload).
 */
export const CERTIFICATION_UPLOAD_MAIL = 'certification.upload-mail';
export type UploadMailJob = RunningJob<{ recordId: string; to: string[] }>;

export async function queueUploadMail(tx: Tx, companyId: string, recordId: string, to: string[]) {
  if (!to.length) return;
  await enqueue(tx, {
    type: CERTIFICATION_UPLOAD_MAIL,
    companyId,
    payload: { recordId, to },
    key: `${CERTIFICATION_UPLOAD_MAIL}:${recordId}`,
  });
}

type Text = { subject: (who: string) => string; body: (who: string, what: string, on: string) => string; open: string };

const TEXT: Record<Language, Text> = {
  en: {
    subject: (w) => `${w} uploaded a certificate`,
    body: (w, x, d) => `${w} uploaded a certificate for ${x}, issued on ${d}. It counts once an admin approves it.`,
    open: 'Review it in the console:',
  },
  de: {
    subject: (w) => `${w} hat ein Zertifikat hochgeladen`,
    body: (w, x, d) =>
      `${w} hat ein Zertifikat für ${x} hochgeladen, ausgestellt am ${d}. Es zählt, sobald ein Admin es genehmigt.`,
    open: 'In der Konsole prüfen:',
  },
  fr: {
    subject: (w) => `${w} a déposé un certificat`,
    body: (w, x, d) =>
      `${w} a déposé un certificat pour ${x}, délivré le ${d}. Il compte dès qu’un administrateur l’approuve.`,
    open: 'L’examiner dans la console :',
  },
  pt: {
    subject: (w) => `${w} enviou um certificado`,
    body: (w, x, d) =>
      `${w} enviou um certificado de ${x}, emitido a ${d}. Conta assim que um administrador o aprovar.`,
    open: 'Revê-lo na consola:',
  },
  ar: {
    subject: (w) => `رفع ${w} شهادة`,
    body: (w, x, d) => `رفع ${w} شهادة ${x} صادرة في ${d}. تُحتسب بعد أن يوافق عليها أحد المسؤولين.`,
    open: 'راجعها في لوحة الإدارة:',
  },
};

export function uploadMail(lang: Language, t: subs.UploadMailTarget, link: string) {
  const x = TEXT[lang] ?? TEXT.en;
  const on = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${t.issued_on}T00:00:00Z`),
  );
  const who = `${t.uploader_first_name} ${t.uploader_last_name}`;
  const lines = [x.body(who, t.type_name, on), '', x.open, link];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}"><p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(x.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></div>`;
  return { subject: x.subject(who), text: lines.join('\n'), html };
}

/** Sends one upload's mails; at least once (the Message-ID repeats). An upload reviewed meanwhile mails no one. */
export async function runUploadMail(infra: Infra, job: UploadMailJob) {
  const targets = await infra.db.scoped({ companyId: job.companyId }, (tx) =>
    subs.uploadMailTargets(tx, job.companyId!, job.payload.recordId, job.payload.to),
  );
  for (const [i, t] of targets.entries()) {
    const lang = userLanguage(t.language);
    await infra.mailer.send({
      to: t.email,
      ...uploadMail(lang, t, companyUrl(infra.config, t.sub_domain, '/admin/certifications')),
      messageId: `<${job.id}.${i}@${infra.config.baseDomain}>`,
    });
  }
}
