import type { Language } from '@wac/shared/constants';
import { listMail } from '../../lib/mail';

type Item = { title: string; due: string; overdue: boolean };

const TEXT: Record<
  Language,
  {
    subject: (c: string) => string;
    hello: (n: string) => string;
    intro: string;
    due: string;
    overdue: string;
    open: string;
  }
> = {
  en: {
    subject: (c) => `${c}: policies to acknowledge`,
    hello: (n) => `Hello ${n},`,
    intro: 'Please read and acknowledge these policies:',
    due: 'due',
    overdue: 'overdue since',
    open: 'Open your policies:',
  },
  de: {
    subject: (c) => `${c}: zu bestätigende Richtlinien`,
    hello: (n) => `Hallo ${n},`,
    intro: 'Bitte lesen und bestätigen Sie diese Richtlinien:',
    due: 'fällig am',
    overdue: 'überfällig seit',
    open: 'Ihre Richtlinien öffnen:',
  },
  fr: {
    subject: (c) => `${c} : politiques à confirmer`,
    hello: (n) => `Bonjour ${n},`,
    intro: 'Veuillez lire ces politiques et en confirmer la prise de connaissance :',
    due: 'échéance',
    overdue: 'en retard depuis le',
    open: 'Ouvrir vos politiques :',
  },
  pt: {
    subject: (c) => `${c}: políticas a confirmar`,
    hello: (n) => `Olá ${n},`,
    intro: 'Leia e confirme estas políticas:',
    due: 'prazo',
    overdue: 'em atraso desde',
    open: 'Abrir as suas políticas:',
  },
  ar: {
    subject: (c) => `${c}: سياسات تحتاج إلى إقرار`,
    hello: (n) => `مرحبًا ${n}،`,
    intro: 'يرجى قراءة هذه السياسات والإقرار بها:',
    due: 'الاستحقاق',
    overdue: 'متأخرة منذ',
    open: 'افتح سياساتك:',
  },
};

/** The reminder mail: the policies due soon or overdue, each with its date, and the link to "My policies". */
export function reminderMail(lang: Language, company: string, firstName: string, items: Item[], link: string) {
  const t = TEXT[lang] ?? TEXT.en;
  const body = listMail(lang, {
    hello: t.hello(firstName),
    intro: t.intro,
    items: items.map((i) => `${i.title} (${i.overdue ? t.overdue : t.due} ${i.due})`),
    open: t.open,
    link,
  });
  return { subject: t.subject(company), ...body };
}
