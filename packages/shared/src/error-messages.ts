import type { Language } from './constants';
import type { ErrorCode } from './error-codes';
import { ar } from './error-catalog/ar';
import { de } from './error-catalog/de';
import { en } from './error-catalog/en';
import { fr } from './error-catalog/fr';
import { pt } from './error-catalog/pt';

/** Every error code's message in each language (the API answers in the request's language); one file per language. */
export const ERROR_MESSAGES: Record<Language, Record<ErrorCode, string>> = { en, de, fr, pt, ar };
