import { BRAND, type Language, OTP_TTL_SECONDS } from '@wac/shared/constants';
import { escapeHtml, type MailMessage } from '../../lib/mail';

const MINUTES = OTP_TTL_SECONDS / 60;

interface OtpMailText {
  subject: string;
  intro: string;
  validity: string;
  ignore: string;
}

const REGISTER: Record<Language, OtpMailText> = {
  en: {
    subject: `Your ${BRAND} sign-up code`,
    intro: 'Use this code to confirm your email address and create your company:',
    validity: `The code is valid for ${MINUTES} minutes and can be used once.`,
    ignore: 'If you did not sign up, you can ignore this email.',
  },
  de: {
    subject: `Ihr ${BRAND}-Registrierungscode`,
    intro: 'Mit diesem Code bestätigen Sie Ihre E-Mail-Adresse und legen Ihr Unternehmen an:',
    validity: `Der Code ist ${MINUTES} Minuten gültig und kann einmal verwendet werden.`,
    ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    subject: `Votre code d’inscription ${BRAND}`,
    intro: 'Utilisez ce code pour confirmer votre adresse e-mail et créer votre entreprise :',
    validity: `Le code est valable ${MINUTES} minutes et ne peut servir qu’une fois.`,
    ignore: 'Si vous ne vous êtes pas inscrit, ignorez cet e-mail.',
  },
  pt: {
    subject: `O seu código de registo ${BRAND}`,
    intro: 'Use este código para confirmar o seu endereço de e-mail e criar a sua empresa:',
    validity: `O código é válido durante ${MINUTES} minutos e só pode ser usado uma vez.`,
    ignore: 'Se não se registou, pode ignorar este e-mail.',
  },
  ar: {
    subject: `رمز التسجيل في ${BRAND}`,
    intro: 'استخدم هذا الرمز لتأكيد بريدك الإلكتروني وإنشاء شركتك:',
    validity: `الرمز صالح لمدة ${MINUTES} دقائق ويمكن استخدامه مرة واحدة.`,
    ignore: 'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
  },
};

const RESET: Record<Language, OtpMailText> = {
  en: {
    subject: `Your ${BRAND} password reset code`,
    intro: 'Use this code to choose a new password:',
    validity: `The code is valid for ${MINUTES} minutes and can be used once. Resetting signs you out everywhere.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  de: {
    subject: `Ihr ${BRAND}-Code zum Zurücksetzen des Passworts`,
    intro: 'Mit diesem Code wählen Sie ein neues Passwort:',
    validity: `Der Code ist ${MINUTES} Minuten gültig und kann einmal verwendet werden. Danach werden Sie überall abgemeldet.`,
    ignore: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: `Votre code de réinitialisation du mot de passe ${BRAND}`,
    intro: 'Utilisez ce code pour choisir un nouveau mot de passe :',
    validity: `Le code est valable ${MINUTES} minutes et ne peut servir qu’une fois. La réinitialisation vous déconnecte partout.`,
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
  pt: {
    subject: `O seu código para redefinir a palavra-passe ${BRAND}`,
    intro: 'Use este código para escolher uma nova palavra-passe:',
    validity: `O código é válido durante ${MINUTES} minutos e só pode ser usado uma vez. Redefinir termina todas as suas sessões.`,
    ignore: 'Se não pediu isto, ignore este e-mail: a sua palavra-passe mantém-se.',
  },
  ar: {
    subject: `رمز إعادة تعيين كلمة المرور في ${BRAND}`,
    intro: 'استخدم هذا الرمز لاختيار كلمة مرور جديدة:',
    validity: `الرمز صالح لمدة ${MINUTES} دقائق ويمكن استخدامه مرة واحدة. إعادة التعيين تنهي جميع جلساتك.`,
    ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
};

function otpMail(texts: Record<Language, OtpMailText>, to: string, code: string, lang: Language): MailMessage {
  const t = texts[lang] ?? texts.en;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${code}\n\n${t.validity}\n${t.ignore}\n`,
    html:
      `<div dir="${dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.ignore)}</p></div>`,
  };
}

export const registerOtpMail = (to: string, code: string, lang: Language) => otpMail(REGISTER, to, code, lang);
export const resetOtpMail = (to: string, code: string, lang: Language) => otpMail(RESET, to, code, lang);

/** Success messages the SPA shows as they are (the error catalog covers failures). */
const SESSION_REVOKED_OK: Record<Language, string> = {
  en: 'User session has been revoked successfully',
  de: 'Die Benutzersitzung wurde erfolgreich beendet',
  fr: 'La session utilisateur a été révoquée avec succès',
  pt: 'A sessão do utilizador foi revogada com sucesso',
  ar: 'تم إلغاء جلسة المستخدم بنجاح',
};
export const sessionRevokedMessage = (lang: Language) => SESSION_REVOKED_OK[lang] ?? SESSION_REVOKED_OK.en;
