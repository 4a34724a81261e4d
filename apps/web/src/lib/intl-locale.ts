/** The locale Intl formats a language with (shared with the server's mails): see @wac/shared/intl-locale. */
export { intlLocale } from '@wac/shared/intl-locale';
