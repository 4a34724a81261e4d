/**
 * The locale `Intl` formats a language with (the console and the mails import it from here). The console's Portuguese is European Portuguese
 * ("ficheiro", "ecrã"), while `Intl` reads a bare "pt" as Brazilian: "28 de nov. de 2026" and
 * "12.345,6" instead of "28/11/2026" and "12 345,6". Every `new Intl.…(language)` of the console and of its mails
 * goes through here (`npm run lint` refuses one that does not).
 */
const INTL_LOCALES: Record<string, string> = { pt: 'pt-PT' };

export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? language;
}
