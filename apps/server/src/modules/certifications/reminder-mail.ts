import type { Language } from '@wac/shared/constants';
import { listMail } from '../../lib/mail';

type Item = { name: string; expiresOn: string | null; expired: boolean };

const TEXT: Record<
  Language,
  {
    subject: (c: string) => string;
    hello: (n: string) => string;
    intro: string;
    missing: string;
    expires: string;
    expired: string;
    open: string;
  }
> = {
  en: {
    subject: (c) => `${c}: certifications to renew`,
    hello: (n) => `Hello ${n},`,
    intro: 'These certifications need your attention:',
    missing: 'missing',
    expires: 'expires',
    expired: 'expired on',
    open: 'Open your certifications:',
  },
  de: {
    subject: (c) => `${c}: zu erneuernde Zertifizierungen`,
    hello: (n) => `Hallo ${n},`,
    intro: 'Diese Zertifizierungen brauchen Ihre Aufmerksamkeit:',
    missing: 'fehlt',
    expires: 'läuft ab am',
    expired: 'abgelaufen am',
    open: 'Ihre Zertifizierungen öffnen:',
  },
  fr: {
    subject: (c) => `${c} : certifications à renouveler`,
    hello: (n) => `Bonjour ${n},`,
    intro: 'Ces certifications demandent votre attention :',
    missing: 'manquante',
    expires: 'expire le',
    expired: 'expirée le',
    open: 'Ouvrir vos certifications :',
  },
  pt: {
    subject: (c) => `${c}: certificações a renovar`,
    hello: (n) => `Olá ${n},`,
    intro: 'Estas certificações precisam da sua atenção:',
    missing: 'em falta',
    expires: 'expira a',
    expired: 'expirou a',
    open: 'Abrir as suas certificações:',
  },
  ar: {
    subject: (c) => `${c}: شهادات تحتاج إلى تجديد`,
    hello: (n) => `مرحبًا ${n}،`,
    intro: 'تحتاج هذه الشهادات إلى اهتمامك:',
    missing: 'غير موجودة',
    expires: 'تنتهي في',
    expired: 'انتهت في',
    open: 'افتح شهاداتك:',
  },
};

/** The reminder mail: each certification missing, expired or expiring, with its date, and the link to "My certifications". */
export function reminderMail(lang: Language, company: string, firstName: string, items: Item[], link: string) {
  const t = TEXT[lang] ?? TEXT.en;
  const body = listMail(lang, {
    hello: t.hello(firstName),
    intro: t.intro,
    items: items.map(
      (i) => `${i.name} (${i.expiresOn === null ? t.missing : `${i.expired ? t.expired : t.expires} ${i.expiresOn}`})`,
    ),
    open: t.open,
    link,
  });
  return { subject: t.subject(company), ...body };
}
