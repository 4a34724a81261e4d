import type { Language } from './constants';

/**
 * The strings of the public company page (rendered by the server, enhanced by its own small script)
 * and of the mail a visitor's "Send email" sends. The console's strings are in its locale files;
 * this page does not load them.
 */
export interface PublicPageStrings {
  startCall: string;
  schedule: string;
  sendEmail: string;
  sendMessage: string;
  offline: string;
  online: string;
  away: string;
  busy: string;
  agentsOffline: string;
  yourName: string;
  yourEmail: string;
  message: string;
  send: string;
  sent: string;
  failed: string;
  people: string;
  mailSubject: string;
  mailIntro: string;
  /** An unknown or unpublished page: what a visitor of a stale or mistyped link reads. */
  notFoundTitle: string;
  notFoundText: string;
}

export const PUBLIC_PAGE_STRINGS: Record<Language, PublicPageStrings> = {
  en: {
    startCall: 'Start call',
    schedule: 'Schedule appointment',
    sendEmail: 'Send email',
    sendMessage: 'Send message',
    offline: 'Offline',
    online: 'Online',
    away: 'Away',
    busy: 'Busy',
    agentsOffline: 'Agents offline',
    yourName: 'Your name',
    yourEmail: 'Your email',
    message: 'Message',
    send: 'Send',
    sent: 'Sent. Thank you!',
    failed: 'Could not send. Please try again.',
    people: 'People',
    mailSubject: 'A message from your page “{page}”',
    mailIntro: '{name} <{email}> wrote to you from the page “{page}”:',
    notFoundTitle: 'Page not found',
    notFoundText: 'This page does not exist or is not published at the moment. Check the link you were given.',
  },
  de: {
    startCall: 'Anruf starten',
    schedule: 'Termin vereinbaren',
    sendEmail: 'E-Mail senden',
    sendMessage: 'Nachricht senden',
    offline: 'Offline',
    online: 'Online',
    away: 'Abwesend',
    busy: 'Beschäftigt',
    agentsOffline: 'Keine Mitarbeitenden online',
    yourName: 'Ihr Name',
    yourEmail: 'Ihre E-Mail-Adresse',
    message: 'Nachricht',
    send: 'Senden',
    sent: 'Gesendet. Vielen Dank!',
    failed: 'Senden fehlgeschlagen. Bitte erneut versuchen.',
    people: 'Personen',
    mailSubject: 'Eine Nachricht über Ihre Seite „{page}“',
    mailIntro: '{name} <{email}> hat Ihnen über die Seite „{page}“ geschrieben:',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText:
      'Diese Seite gibt es nicht oder sie ist zurzeit nicht veröffentlicht. Prüfen Sie den Link, den Sie erhalten haben.',
  },
  fr: {
    startCall: 'Démarrer un appel',
    schedule: 'Prendre rendez-vous',
    sendEmail: 'Envoyer un e-mail',
    sendMessage: 'Envoyer un message',
    offline: 'Hors ligne',
    online: 'En ligne',
    away: 'Absent',
    busy: 'Occupé',
    agentsOffline: 'Agents hors ligne',
    yourName: 'Votre nom',
    yourEmail: 'Votre e-mail',
    message: 'Message',
    send: 'Envoyer',
    sent: 'Envoyé. Merci !',
    failed: 'Envoi impossible. Veuillez réessayer.',
    people: 'Personnes',
    mailSubject: 'Un message depuis votre page « {page} »',
    mailIntro: '{name} <{email}> vous a écrit depuis la page « {page} » :',
    notFoundTitle: 'Page introuvable',
    notFoundText: 'Cette page n’existe pas ou n’est pas publiée pour le moment. Vérifiez le lien que vous avez reçu.',
  },
  pt: {
    startCall: 'Iniciar chamada',
    schedule: 'Agendar reunião',
    sendEmail: 'Enviar e-mail',
    sendMessage: 'Enviar mensagem',
    offline: 'Offline',
    online: 'Online',
    away: 'Ausente',
    busy: 'Ocupado',
    agentsOffline: 'Agentes offline',
    yourName: 'Seu nome',
    yourEmail: 'Seu e-mail',
    message: 'Mensagem',
    send: 'Enviar',
    sent: 'Enviado. Obrigado!',
    failed: 'Não foi possível enviar. Tente novamente.',
    people: 'Pessoas',
    mailSubject: 'Uma mensagem da sua página “{page}”',
    mailIntro: '{name} <{email}> escreveu para você pela página “{page}”:',
    notFoundTitle: 'Página não encontrada',
    notFoundText: 'Esta página não existe ou não está publicada neste momento. Verifique a ligação que recebeu.',
  },
  ar: {
    startCall: 'بدء مكالمة',
    schedule: 'حجز موعد',
    sendEmail: 'إرسال بريد إلكتروني',
    sendMessage: 'إرسال رسالة',
    offline: 'غير متصل',
    online: 'متصل',
    away: 'بعيد',
    busy: 'مشغول',
    agentsOffline: 'الموظفون غير متصلين',
    yourName: 'اسمك',
    yourEmail: 'بريدك الإلكتروني',
    message: 'الرسالة',
    send: 'إرسال',
    sent: 'تم الإرسال. شكرًا لك!',
    failed: 'تعذّر الإرسال. يرجى المحاولة مرة أخرى.',
    people: 'الأشخاص',
    mailSubject: 'رسالة من صفحتك «{page}»',
    mailIntro: 'كتب إليك {name} <{email}> من الصفحة «{page}»:',
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundText: 'هذه الصفحة غير موجودة أو غير منشورة حاليًا. تحقّق من الرابط الذي وصلك.',
  },
};

export const fillIn = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');
