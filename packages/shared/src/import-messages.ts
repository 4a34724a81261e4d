import type { Language } from './constants';
import { validationMessage } from './validation';

/**
 * The per-row messages of the members CSV import's employee-record columns, beside the validation
 * catalog rather than in it: only the server writes them (the dialog shows the server's words), so
 * they stay out of the sign-in bundle, which carries the validation catalog.
 */
export const IMPORT_ROW_KEYS = [
  'departmentNotFound',
  'managerNotFound',
  'managerSelf',
  'managerCycle',
  'notFound',
  'number',
  'option',
  'employmentType',
] as const;
export type ImportRowKey = (typeof IMPORT_ROW_KEYS)[number];

export const IMPORT_ROW_MESSAGES: Record<Language, Record<ImportRowKey, string>> = {
  en: {
    departmentNotFound: 'This department does not exist in this company.',
    managerNotFound: 'No member of this company has this email address.',
    managerSelf: 'A person cannot be their own manager.',
    managerCycle: 'This manager would create a loop in the reporting chain.',
    notFound: 'Not found.',
    number: 'This is not a number.',
    option: "This is not one of the field's options.",
    employmentType: 'Use full_time, part_time, contractor or intern.',
  },
  de: {
    departmentNotFound: 'Diese Abteilung gibt es in diesem Unternehmen nicht.',
    managerNotFound: 'Kein Mitglied dieses Unternehmens hat diese E-Mail-Adresse.',
    managerSelf: 'Eine Person kann nicht ihre eigene Führungskraft sein.',
    managerCycle: 'Diese Führungskraft würde eine Schleife in der Berichtskette bilden.',
    notFound: 'Nicht gefunden.',
    number: 'Das ist keine Zahl.',
    option: 'Das ist keine der Optionen dieses Feldes.',
    employmentType: 'Verwenden Sie full_time, part_time, contractor oder intern.',
  },
  fr: {
    departmentNotFound: 'Ce département n’existe pas dans cette entreprise.',
    managerNotFound: 'Aucun membre de cette entreprise n’a cette adresse e-mail.',
    managerSelf: 'Une personne ne peut pas être son propre responsable.',
    managerCycle: 'Ce responsable créerait une boucle dans la chaîne hiérarchique.',
    notFound: 'Introuvable.',
    number: 'Ce n’est pas un nombre.',
    option: 'Ce n’est pas l’une des options de ce champ.',
    employmentType: 'Utilisez full_time, part_time, contractor ou intern.',
  },
  pt: {
    departmentNotFound: 'Este departamento não existe nesta empresa.',
    managerNotFound: 'Nenhum membro desta empresa tem este endereço de e-mail.',
    managerSelf: 'Uma pessoa não pode ser o seu próprio gestor.',
    managerCycle: 'Este gestor criaria um ciclo na cadeia hierárquica.',
    notFound: 'Não encontrado.',
    number: 'Isto não é um número.',
    option: 'Isto não é uma das opções do campo.',
    employmentType: 'Use full_time, part_time, contractor ou intern.',
  },
  ar: {
    departmentNotFound: 'هذا القسم غير موجود في هذه الشركة.',
    managerNotFound: 'لا يوجد عضو في هذه الشركة بهذا البريد الإلكتروني.',
    managerSelf: 'لا يمكن للشخص أن يكون مديرًا لنفسه.',
    managerCycle: 'سيُحدث هذا المدير حلقة في التسلسل الإداري.',
    notFound: 'غير موجود.',
    number: 'هذه ليست قيمة رقمية.',
    option: 'هذه ليست من خيارات هذا الحقل.',
    employmentType: 'استخدم full_time أو part_time أو contractor أو intern.',
  },
};

/** A row's message: the import's own keys first, then the validation catalog (tooLong, date, phone …). */
export function importRowMessage(key: string, lang: Language = 'en'): string {
  const own = (IMPORT_ROW_MESSAGES[lang] ?? IMPORT_ROW_MESSAGES.en) as Record<string, string>;
  return own[key] ?? validationMessage(key, lang);
}
