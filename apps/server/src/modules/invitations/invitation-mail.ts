import type { Language } from '@wac/shared/constants';

const TEXT: Record<Language, { subject: (c: string) => string; body: (c: string, link: string) => string }> = {
  en: {
    subject: (c) => `You are invited to join ${c}`,
    body: (c, link) =>
      `Hello,\n\nYou have been invited to join ${c} on Workplace.\nOpen this link to accept the invitation (valid for 7 days):\n\n${link}\n\nIf you did not expect this invitation, you can ignore this email.`,
  },
  de: {
    subject: (c) => `Sie sind eingeladen, ${c} beizutreten`,
    body: (c, link) =>
      `Hallo,\n\nSie wurden eingeladen, ${c} auf Workplace beizutreten.\nÖffnen Sie diesen Link, um die Einladung anzunehmen (7 Tage gültig):\n\n${link}\n\nWenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
  },
  fr: {
    subject: (c) => `Vous êtes invité à rejoindre ${c}`,
    body: (c, link) =>
      `Bonjour,\n\nVous avez été invité à rejoindre ${c} sur Workplace.\nOuvrez ce lien pour accepter l’invitation (valable 7 jours) :\n\n${link}\n\nSi vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.`,
  },
  pt: {
    subject: (c) => `Foi convidado para aderir a ${c}`,
    body: (c, link) =>
      `Olá,\n\nFoi convidado para aderir a ${c} no Workplace.\nAbra esta ligação para aceitar o convite (válida durante 7 dias):\n\n${link}\n\nSe não esperava este convite, pode ignorar este e-mail.`,
  },
  ar: {
    subject: (c) => `أنت مدعو للانضمام إلى ${c}`,
    body: (c, link) =>
      `مرحبًا،\n\nلقد تمت دعوتك للانضمام إلى ${c} على Workplace.\nافتح هذا الرابط لقبول الدعوة (صالح لمدة 7 أيام):\n\n${link}\n\nإذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذا البريد.`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationMail(lang: Language, companyName: string, link: string) {
  const t = TEXT[lang] ?? TEXT.en;
  const text = t.body(companyName, link);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}">${escapeHtml(text)
    .split('\n')
    .map((l) => (l === escapeHtml(link) ? `<a href="${escapeHtml(link)}">${l}</a>` : l))
    .join('<br>')}</div>`;
  return { subject: t.subject(companyName), text, html };
}
