import type { Language } from './constants';

/** Success messages the API answers in the caller's language (errors live in errors.ts). */
export const SUCCESS_MESSAGES = {
  SESSION_REVOKED_OK: {
    en: 'User session has been revoked successfully',
    de: 'Die Sitzung des Benutzers wurde erfolgreich beendet',
    fr: 'La session de l’utilisateur a été révoquée avec succès',
    pt: 'A sessão do utilizador foi revogada com sucesso',
    ar: 'تم إلغاء جلسة المستخدم بنجاح',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type SuccessMessage = keyof typeof SUCCESS_MESSAGES;

export const successMessage = (key: SuccessMessage, lang: Language = 'en') => SUCCESS_MESSAGES[key][lang];
