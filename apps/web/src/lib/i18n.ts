import { type Language, LANGUAGES, RTL_LANGUAGES } from '@wac/shared/constants';
import { VALIDATION_MESSAGES, validationMessage } from '@wac/shared/validation';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { readLanguage, writeLanguage } from './storage';

export const i18n = i18next.createInstance();

// English ships with the entry chunk; the other languages load when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
  pt: () => import('../locales/pt.json'),
  ar: () => import('../locales/ar.json'),
};

// The administration screens' strings (namespace `admin`) load apart from the shell's, in every language.
const adminLoaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/admin/en.json'),
  de: () => import('../locales/admin/de.json'),
  fr: () => import('../locales/admin/fr.json'),
  pt: () => import('../locales/admin/pt.json'),
  ar: () => import('../locales/admin/ar.json'),
};

// Labels of the values screens show (roles, plans, statuses, audit actions), read through lib/format.
const valueLoaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/values/en.json'),
  de: () => import('../locales/values/de.json'),
  fr: () => import('../locales/values/fr.json'),
  pt: () => import('../locales/values/pt.json'),
  ar: () => import('../locales/values/ar.json'),
};

async function ensureAdminLoaded(lang: Language) {
  for (const l of new Set<Language>(['en', lang])) {
    const [admin, values] = await Promise.all([
      i18n.hasResourceBundle(l, 'admin') ? null : adminLoaders[l](),
      i18n.hasResourceBundle(l, 'values') ? null : valueLoaders[l](),
    ]);
    if (admin) i18n.addResourceBundle(l, 'admin', admin.default, true, true);
    if (values) i18n.addResourceBundle(l, 'values', values.default, true, true);
  }
}

async function ensureLoaded(lang: Language) {
  await ensureAdminLoaded(lang);
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const mod = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
}

export const isRtl = (lang: string) => (RTL_LANGUAGES as readonly string[]).includes(lang);

function applyToDocument(lang: Language) {
  document.documentElement.setAttribute('lang', lang);
  document.documentElement.setAttribute('dir', isRtl(lang) ? 'rtl' : 'ltr');
}

// The API's error messages in every language: a chunk of their own, fetched beside the screens'
// strings while the console starts, so the sign-in page's first bytes do not carry them.
async function loadErrorMessages() {
  const { ERROR_MESSAGES } = await import('@wac/shared/error-messages');
  for (const l of LANGUAGES) i18n.addResourceBundle(l, 'errors', ERROR_MESSAGES[l], true, true);
}

/** Initialises i18next with the stored language; the shared validation and error catalogs join as namespaces. */
export async function initI18n(lang: Language = readLanguage()) {
  const resources: Record<string, Record<string, object>> = {};
  for (const l of LANGUAGES) {
    resources[l] = { validation: VALIDATION_MESSAGES[l] };
  }
  resources.en = { ...resources.en, translation: en };
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([setLanguage(lang, false), loadErrorMessages()]);
}

export async function setLanguage(lang: Language, persist = true) {
  // A choice is kept before its strings load: a page left meanwhile (a switch's first load, whose
  // address has already lost `_lang`) would otherwise forget it.
  if (persist) writeLanguage(lang);
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

export const currentLanguage = (): Language =>
  (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

/**
 * A validation message key (from the shared schemas) or an already translated server message. A
 * text over its limit says the limit when the caller has it (a zod issue's `maximum`), as the
 * server's messages do.
 */
export function fieldMessage(message: string | undefined, max?: unknown, origin?: unknown): string | undefined {
  if (!message) return undefined;
  if (message === 'tooLong' && typeof max === 'number') {
    return validationMessage(message, currentLanguage(), { max, origin });
  }
  return i18n.exists(message, { ns: 'validation' }) ? i18n.t(message, { ns: 'validation' }) : message;
}

/** A zod issue's message in the reader's language, with the limit a text (or a list) went over. */
export const issueMessage = (issue: { message: string; maximum?: unknown; origin?: unknown } | undefined) =>
  fieldMessage(issue?.message, issue?.maximum, issue?.origin);
