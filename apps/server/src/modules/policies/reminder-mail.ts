import type { Language } from '@wac/shared/constants';

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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reminder mail: the policies due soon or overdue, each with its date, and the link to "My policies". */
export function reminderMail(lang: Language, company: string, firstName: string, items: Item[], link: string) {
  const t = TEXT[lang] ?? TEXT.en;
  const lines = items.map((i) => `- ${i.title} (${i.overdue ? t.overdue : t.due} ${i.due})`);
  const text = [t.hello(firstName), '', t.intro, ...lines, '', t.open, link].join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}"><p>${escapeHtml(t.hello(firstName))}</p><p>${escapeHtml(t.intro)}</p><ul>${lines
    .map((l) => `<li>${escapeHtml(l.slice(2))}</li>`)
    .join('')}</ul><p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></div>`;
  return { subject: t.subject(company), text, html };
}
