import type { Language } from './constants';
import type { ErrorCode } from './error-codes';
import { ERROR_MESSAGES } from './error-messages';

export * from './error-codes';
export { ERROR_MESSAGES };

export function errorMessage(code: ErrorCode, lang: Language = 'en'): string {
  return ERROR_MESSAGES[lang][code] ?? ERROR_MESSAGES.en[code];
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  issues?: Array<{ path: string; code: string; message: string }>;
}
