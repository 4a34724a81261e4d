import { z } from 'zod';
import { type Language, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { intlLocale } from './intl-locale';

/**
 * Validation messages are keys; server and SPA translate them with the same catalog,
 * so a rule reads the same wherever it fires.
 */
export const VALIDATION_KEYS = [
  'required',
  'email',
  'passwordMin',
  'passwordMax',
  'passwordNumber',
  'passwordCase',
  'passwordMismatch',
  'otp',
  'subDomain',
  'tooLong',
  'tooLongMax',
  'tooManyMax',
  'invalid',
  'uuid',
  'phone',
  'fileTooLarge',
  'duplicate',
  'repeated',
  'controlCharacters',
  'endBeforeStart',
  'date',
  'dateRange',
  'dateOrder',
  'time',
  'timeZone',
  'markup',
  'halfDays',
  'rangeTooLong',
  'expiresBeforeIssued',
  'issuedInFuture',
  'rangeInFuture',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

type Catalog = Record<ValidationKey, string>;
export const VALIDATION_MESSAGES: Record<Language, Catalog> = {
  en: {
    required: 'This field is required.',
    email: 'Please enter a valid email address.',
    passwordMin: 'The password must have at least 8 characters.',
    passwordMax: 'The password must have at most 128 characters.',
    passwordNumber: 'The password must contain at least one number.',
    passwordCase: 'The password must contain upper and lower case letters.',
    passwordMismatch: 'The passwords do not match.',
    otp: 'Please enter the 6-digit security code.',
    subDomain: 'Use 3 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen.',
    tooLong: 'This value is too long.',
    tooLongMax: 'This value is too long: at most {{max}} characters.',
    tooManyMax: 'Too many entries: at most {{max}}.',
    invalid: 'This value is not valid.',
    uuid: 'This identifier is not valid.',
    phone: 'Please enter a valid phone number.',
    fileTooLarge: 'File size exceeds 2MB. Please select a smaller file.',
    duplicate: 'This email address appears more than once in the file.',
    repeated: 'This field was sent more than once.',
    controlCharacters: 'This value contains characters that are not allowed (control characters).',
    endBeforeStart: 'The end date is before the start date.',
    date: 'This is not a valid date.',
    dateRange: 'This date is out of the supported range (2000–2100, at most a year at a time).',
    dateOrder: 'The end must not be before the start.',
    time: 'Use a time like 09:00.',
    timeZone: 'This is not a known time zone.',
    markup: 'HTML tags are not allowed here.',
    halfDays: 'A one-day request cannot both start and end at mid-day.',
    rangeTooLong: 'The range may span at most 5 years.',
    expiresBeforeIssued: 'The expiry date is before the issue date.',
    issuedInFuture: 'The issue date is after today.',
    rangeInFuture: 'The range must not start after today.',
  },
  de: {
    required: 'Dieses Feld ist erforderlich.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    passwordMin: 'Das Passwort muss mindestens 8 Zeichen haben.',
    passwordMax: 'Das Passwort darf höchstens 128 Zeichen haben.',
    passwordNumber: 'Das Passwort muss mindestens eine Ziffer enthalten.',
    passwordCase: 'Das Passwort muss Groß- und Kleinbuchstaben enthalten.',
    passwordMismatch: 'Die Passwörter stimmen nicht überein.',
    otp: 'Bitte geben Sie den 6-stelligen Sicherheitscode ein.',
    subDomain: 'Verwenden Sie 3 bis 63 Kleinbuchstaben, Ziffern oder Bindestriche, nicht am Anfang oder Ende.',
    tooLong: 'Dieser Wert ist zu lang.',
    tooLongMax: 'Dieser Wert ist zu lang: höchstens {{max}} Zeichen.',
    tooManyMax: 'Zu viele Einträge: höchstens {{max}}.',
    invalid: 'Dieser Wert ist ungültig.',
    uuid: 'Diese Kennung ist ungültig.',
    phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    fileTooLarge: 'Die Datei ist größer als 2 MB. Bitte wählen Sie eine kleinere Datei.',
    duplicate: 'Diese E-Mail-Adresse kommt in der Datei mehrfach vor.',
    repeated: 'Dieses Feld wurde mehrfach gesendet.',
    controlCharacters: 'Dieser Wert enthält unzulässige Zeichen (Steuerzeichen).',
    endBeforeStart: 'Das Enddatum liegt vor dem Startdatum.',
    date: 'Dies ist kein gültiges Datum.',
    dateRange: 'Dieses Datum liegt außerhalb des unterstützten Bereichs (2000–2100, höchstens ein Jahr auf einmal).',
    dateOrder: 'Das Ende darf nicht vor dem Anfang liegen.',
    time: 'Verwenden Sie eine Uhrzeit wie 09:00.',
    timeZone: 'Diese Zeitzone ist unbekannt.',
    markup: 'HTML-Tags sind hier nicht erlaubt.',
    halfDays: 'Ein Antrag für einen Tag kann nicht zugleich mittags beginnen und mittags enden.',
    rangeTooLong: 'Der Zeitraum darf höchstens 5 Jahre umfassen.',
    expiresBeforeIssued: 'Das Ablaufdatum liegt vor dem Ausstellungsdatum.',
    issuedInFuture: 'Das Ausstellungsdatum liegt nach dem heutigen Tag.',
    rangeInFuture: 'Der Zeitraum darf nicht nach dem heutigen Tag beginnen.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    email: 'Veuillez saisir une adresse e-mail valide.',
    passwordMin: 'Le mot de passe doit comporter au moins 8 caractères.',
    passwordMax: 'Le mot de passe doit comporter au plus 128 caractères.',
    passwordNumber: 'Le mot de passe doit contenir au moins un chiffre.',
    passwordCase: 'Le mot de passe doit contenir des majuscules et des minuscules.',
    passwordMismatch: 'Les mots de passe ne correspondent pas.',
    otp: 'Veuillez saisir le code de sécurité à 6 chiffres.',
    subDomain: 'Utilisez 3 à 63 lettres minuscules, chiffres ou tirets, sans tiret au début ni à la fin.',
    tooLong: 'Cette valeur est trop longue.',
    tooLongMax: 'Cette valeur est trop longue : {{max}} caractères au plus.',
    tooManyMax: 'Trop d’éléments : {{max}} au plus.',
    invalid: 'Cette valeur n’est pas valide.',
    uuid: 'Cet identifiant n’est pas valide.',
    phone: 'Veuillez saisir un numéro de téléphone valide.',
    fileTooLarge: 'Le fichier dépasse 2 Mo. Veuillez choisir un fichier plus petit.',
    duplicate: 'Cette adresse e-mail apparaît plusieurs fois dans le fichier.',
    repeated: 'Ce champ a été envoyé plusieurs fois.',
    controlCharacters: 'Cette valeur contient des caractères non autorisés (caractères de contrôle).',
    endBeforeStart: 'La date de fin est antérieure à la date de début.',
    date: 'Cette date n’est pas valide.',
    dateRange: 'Cette date est hors de la plage prise en charge (2000–2100, un an au plus à la fois).',
    dateOrder: 'La fin ne doit pas précéder le début.',
    time: 'Utilisez une heure comme 09:00.',
    timeZone: 'Ce fuseau horaire est inconnu.',
    markup: 'Les balises HTML ne sont pas autorisées ici.',
    halfDays: 'Une demande d’un seul jour ne peut pas à la fois commencer et finir à midi.',
    rangeTooLong: 'La période ne peut pas dépasser 5 ans.',
    expiresBeforeIssued: 'La date d’expiration est antérieure à la date de délivrance.',
    issuedInFuture: 'La date de délivrance est postérieure à aujourd’hui.',
    rangeInFuture: 'La période ne doit pas commencer après aujourd’hui.',
  },
  pt: {
    required: 'Este campo é obrigatório.',
    email: 'Introduza um endereço de e-mail válido.',
    passwordMin: 'A palavra-passe deve ter pelo menos 8 caracteres.',
    passwordMax: 'A palavra-passe deve ter no máximo 128 caracteres.',
    passwordNumber: 'A palavra-passe deve conter pelo menos um número.',
    passwordCase: 'A palavra-passe deve conter letras maiúsculas e minúsculas.',
    passwordMismatch: 'As palavras-passe não coincidem.',
    otp: 'Introduza o código de segurança de 6 dígitos.',
    subDomain: 'Use 3 a 63 letras minúsculas, dígitos ou hífenes, sem hífen no início ou no fim.',
    tooLong: 'Este valor é demasiado longo.',
    tooLongMax: 'Este valor é demasiado longo: no máximo {{max}} caracteres.',
    tooManyMax: 'Demasiados elementos: no máximo {{max}}.',
    invalid: 'Este valor não é válido.',
    uuid: 'Este identificador não é válido.',
    phone: 'Introduza um número de telefone válido.',
    fileTooLarge: 'O ficheiro excede 2 MB. Selecione um ficheiro mais pequeno.',
    duplicate: 'Este endereço de e-mail aparece mais de uma vez no ficheiro.',
    repeated: 'Este campo foi enviado mais de uma vez.',
    controlCharacters: 'Este valor contém caracteres não permitidos (caracteres de controlo).',
    endBeforeStart: 'A data de fim é anterior à data de início.',
    date: 'Esta data não é válida.',
    dateRange: 'Esta data está fora do intervalo suportado (2000–2100, no máximo um ano de cada vez).',
    dateOrder: 'O fim não pode ser anterior ao início.',
    time: 'Use uma hora como 09:00.',
    timeZone: 'Este fuso horário é desconhecido.',
    markup: 'Tags HTML não são permitidas aqui.',
    halfDays: 'Um pedido de um só dia não pode começar e terminar a meio do dia.',
    rangeTooLong: 'O período pode abranger no máximo 5 anos.',
    expiresBeforeIssued: 'A data de validade é anterior à data de emissão.',
    issuedInFuture: 'A data de emissão é posterior a hoje.',
    rangeInFuture: 'O período não pode começar depois de hoje.',
  },
  ar: {
    required: 'هذا الحقل مطلوب.',
    email: 'يرجى إدخال بريد إلكتروني صالح.',
    passwordMin: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.',
    passwordMax: 'يجب ألا تتجاوز كلمة المرور 128 حرفًا.',
    passwordNumber: 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل.',
    passwordCase: 'يجب أن تحتوي كلمة المرور على أحرف كبيرة وصغيرة.',
    passwordMismatch: 'كلمتا المرور غير متطابقتين.',
    otp: 'يرجى إدخال رمز الأمان المكون من 6 أرقام.',
    subDomain: 'استخدم من 3 إلى 63 حرفًا صغيرًا أو رقمًا أو شرطة، دون شرطة في البداية أو النهاية.',
    tooLong: 'هذه القيمة طويلة جدًا.',
    tooLongMax: 'هذه القيمة طويلة جدًا: {{max}} حرفًا على الأكثر.',
    tooManyMax: 'عدد العناصر كبير جدًا: {{max}} على الأكثر.',
    invalid: 'هذه القيمة غير صالحة.',
    uuid: 'هذا المعرف غير صالح.',
    phone: 'يرجى إدخال رقم هاتف صالح.',
    fileTooLarge: 'حجم الملف يتجاوز 2 ميغابايت. يرجى اختيار ملف أصغر.',
    duplicate: 'يظهر عنوان البريد الإلكتروني هذا أكثر من مرة في الملف.',
    repeated: 'أُرسل هذا الحقل أكثر من مرة.',
    controlCharacters: 'تحتوي هذه القيمة على أحرف غير مسموح بها (أحرف تحكم).',
    endBeforeStart: 'تاريخ الانتهاء يسبق تاريخ البدء.',
    date: 'هذا ليس تاريخًا صالحًا.',
    dateRange: 'هذا التاريخ خارج النطاق المدعوم (2000–2100، سنة واحدة على الأكثر في كل مرة).',
    dateOrder: 'يجب ألا تكون النهاية قبل البداية.',
    time: 'استخدم وقتًا مثل 09:00.',
    timeZone: 'هذه المنطقة الزمنية غير معروفة.',
    markup: 'وسوم HTML غير مسموح بها هنا.',
    halfDays: 'لا يمكن لطلب يوم واحد أن يبدأ وينتهي كلاهما في منتصف اليوم.',
    rangeTooLong: 'لا يجوز أن تتجاوز الفترة 5 سنوات.',
    expiresBeforeIssued: 'تاريخ الانتهاء يسبق تاريخ الإصدار.',
    issuedInFuture: 'تاريخ الإصدار بعد اليوم.',
    rangeInFuture: 'يجب ألا تبدأ الفترة بعد اليوم.',
  },
};

/**
 * A key's message in `lang`. A text over its limit says the limit when the rule gives it (`max`,
 * a zod issue's `maximum`): "This value is too long." alone left the writer to guess. A list over
 * its limit (`origin` 'array') says how many entries it may hold, not how many characters.
 */
export function validationMessage(
  key: string,
  lang: Language = 'en',
  params?: { max?: unknown; origin?: unknown },
): string {
  const catalog = VALIDATION_MESSAGES[lang] ?? VALIDATION_MESSAGES.en;
  const max = params?.max;
  if (key === 'tooLong' && typeof max === 'number' && Number.isFinite(max)) {
    // A list over its limit counts entries, not characters (zod's issue says which: `origin`).
    const message = params?.origin === 'array' ? catalog.tooManyMax : catalog.tooLongMax;
    return message.replace('{{max}}', new Intl.NumberFormat(intlLocale(lang)).format(max));
  }
  return (catalog as Record<string, string>)[key] ?? catalog.invalid;
}

/**
 * C0 and C1 control characters and DEL; in a one-line value also the line breaks and the Unicode
 * line/paragraph separators. Nothing a person types: NUL cannot even be stored in a PostgreSQL
 * text value. Text with lines keeps tab, line feed and carriage return.
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x1f) {
      if (!(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
    } else if ((c >= 0x7f && c <= 0x9f) || (!multiline && (c === 0x2028 || c === 0x2029))) return true;
  }
  return false;
}

/**
 * A field's type error: 'required' when it is missing (or null), 'invalid' when it is there with the
 * wrong type (a number sent as a text read "This field is required.").
 */
export const requiredType = { error: (issue: { input?: unknown }) => (issue.input == null ? 'required' : 'invalid') };

/** A one-line text: names, titles, searches, identifiers. */
export const lineText = () => z.string(requiredType).refine((v) => !hasControlCharacters(v), 'controlCharacters');
/** A text that may hold lines and tabs: descriptions, messages. */
export const multilineText = () =>
  z.string(requiredType).refine((v) => !hasControlCharacters(v, true), 'controlCharacters');

// The original API's pattern (word characters, dots, hyphens or plus before @, a domain with a suffix),
// with the suffix widened from the original 2–5 letters to 2–63: real domains end in .technology,
// .consulting or .example, and refusing a person's work address is worse than any typo it catches.
export const EMAIL_PATTERN = /^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,63}$/;
/**
 * Whether a search fragment could occur in an address `EMAIL_PATTERN` accepts: only its characters
 * (letters, digits, `_ . + - @`). A fragment with a space or any other character can match a name
 * only, and a search may skip testing the email of every person it walks.
 */
export const couldBeInEmail = (fragment: string) => /^[\w.+@-]*$/.test(fragment);
// DNS label: 3–63 chars, lowercase letters/digits/hyphens, no leading or trailing hyphen.
export const SUBDOMAIN_PATTERN = /^(?!-)[a-z0-9-]{3,63}(?<!-)$/;
export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'app', 'mail', 'static', 'assets', 'public'];

/** Text a visitor or an admin types that is shown to others: no HTML tags (escaped anyway; refused so nothing misleading is stored). */
export const MARKUP_PATTERN = /<\/?[a-z!][^>]*>|<script|javascript:/i;

export const emailField = lineText()
  .trim()
  .min(1, 'required')
  .max(254, 'tooLong')
  .regex(EMAIL_PATTERN, 'email')
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string(requiredType)
  .min(PASSWORD_MIN_LENGTH, 'passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'passwordMax')
  .regex(/\d/, 'passwordNumber')
  .regex(/(?=.*[a-z])(?=.*[A-Z])/, 'passwordCase');

export const otpField = z.string(requiredType).regex(/^\d{6}$/, 'otp');

export const subDomainField = lineText()
  .trim()
  .toLowerCase()
  // Left empty it is missing, not malformed ("Use 3 to 63 lowercase letters…" for an empty field).
  .min(1, { message: 'required', abort: true })
  .regex(SUBDOMAIN_PATTERN, 'subDomain')
  .refine((v) => !RESERVED_SUBDOMAINS.includes(v), 'subDomain');

export const nameField = lineText().trim().min(1, 'required').max(100, 'tooLong');
export const phoneField = lineText()
  .trim()
  .max(32, 'tooLong')
  .regex(/^\+?[0-9 ()-]{6,32}$/, 'phone');

/** Proposes a sub-domain from a company name: lowercase ASCII, hyphens, trimmed to a DNS label. */
export function proposeSubDomain(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `${base || 'company'}-space`.slice(0, 63);
}
