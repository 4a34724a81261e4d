import type { ErrorCode } from '../error-codes';
import { CERTIFICATION_MESSAGES } from './certifications';
import { TIME_OFF_MESSAGES } from './time-off';

/** Every error code's message in German. */
export const de: Record<ErrorCode, string> = {
  ...TIME_OFF_MESSAGES.de,
  ...CERTIFICATION_MESSAGES.de,
  VALIDATION_FAILED: 'Einige Felder sind ungültig.',
  BAD_REQUEST: 'Die Anfrage ist ungültig.',
  INVALID_JSON: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  SEARCH_TOO_BROAD:
    'Mehr als 5.000 Personen passen zu dieser Suche. Geben Sie mehr vom Namen oder der E-Mail-Adresse ein.',
  INVALID_CREDENTIALS: 'Ungültige Anmeldedaten.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  TOKEN_INVALID: 'Ihre Sitzung ist ungültig. Bitte melden Sie sich erneut an.',
  TOKEN_EXPIRED: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  REFRESH_INVALID: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  SESSION_REVOKED: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  NOT_PART_OF_ANY_COMPANY: 'Sie gehören keinem Unternehmen an.',
  FORBIDDEN: 'Dazu sind Sie nicht berechtigt.',
  NOT_READY:
    'Der Server ist nicht bereit: Ein Dienst, von dem er abhängt, ist nicht erreichbar. Bitte versuchen Sie es gleich erneut.',
  JOB_NOT_RETRYABLE: 'Nur ein fehlgeschlagener oder toter Auftrag kann wiederholt werden.',
  ACCOUNT_DISABLED:
    'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator oder wechseln Sie das Unternehmen',
  COMPANY_DISABLED: 'Dieses Unternehmen wurde deaktiviert.',
  NOT_FOUND: 'Nicht gefunden.',
  COMPANY_NOT_FOUND: 'Dieser Bereich existiert leider nicht.',
  ROUTE_NOT_FOUND: 'Diese Adresse existiert nicht.',
  CONFLICT: 'Dies steht im Widerspruch zu vorhandenen Daten.',
  VERSION_CONFLICT: 'Jemand anderes hat dies inzwischen geändert. Laden Sie neu, um die Änderungen zu sehen.',
  EMAIL_TAKEN: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.',
  SUBDOMAIN_TAKEN: 'Diese Subdomain ist bereits vergeben.',
  UNKNOWN_EMAIL:
    'Kein Konto verwendet diese E-Mail-Adresse. Prüfen Sie sie oder bitten Sie die Person, sich zuerst zu registrieren.',
  ALREADY_MEMBER: 'Diese Person ist bereits Mitglied des Unternehmens.',
  LAST_ADMIN: 'Ein Unternehmen muss mindestens einen aktiven Administrator behalten.',
  INVALID_OTP: 'Ungültiger Code',
  OTP_EXPIRED: 'Dieser Code ist abgelaufen. Bitte fordern Sie einen neuen an.',
  OTP_TOO_MANY_ATTEMPTS: 'Zu viele falsche Codes. Bitte fordern Sie einen neuen an.',
  WORK_EMAIL_REQUIRED:
    'Leider ist diese E-Mail-Adresse nicht zulässig. Bitte verwenden Sie Ihre geschäftliche E-Mail-Adresse.',
  PASSWORD_TOO_COMMON: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
  SWITCH_CODE_INVALID: 'Dieser Anmeldelink ist ungültig oder abgelaufen. Bitte melden Sie sich an.',
  TICKET_INVALID: 'Das Echtzeit-Ticket ist ungültig, bereits verwendet oder abgelaufen.',
  ORIGIN_NOT_ALLOWED: 'Diese Seite darf hier keine Echtzeitverbindung öffnen.',
  FILE_TOO_LARGE: 'Die Datei ist größer als 2 MB. Bitte wählen Sie eine kleinere Datei.',
  IMPORT_FILE_TOO_LARGE: 'Die Datei ist größer als 32 MB. Bitte teilen Sie sie in kleinere Dateien auf.',
  ONE_FILE_ONLY: 'Bitte senden Sie jeweils nur eine Datei.',
  IMPORT_TOO_MANY_ROWS: 'Die Datei hat mehr als 100.000 Zeilen. Bitte teilen Sie sie in kleinere Dateien auf.',
  UNSUPPORTED_FILE_TYPE: 'Bitte wählen Sie ein PNG-, JPEG- oder WebP-Bild.',
  BODY_TOO_LARGE: 'Die Anfrage ist zu groß.',
  HEADERS_TOO_LARGE: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.',
  UNSUPPORTED_MEDIA_TYPE: 'Dieser Inhaltstyp wird nicht unterstützt.',
  RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einen Moment.',
  CROSS_SITE_REQUEST:
    'Diese Anfrage kam von einer anderen Seite und wurde abgelehnt. Öffnen Sie die Konsole unter ihrer eigenen Adresse und versuchen Sie es erneut.',
  INVITATION_LIMIT:
    'Diese Firma hat ihr Einladungslimit erreicht: 300 pro Stunde und 1.000 pro Tag. Bitte versuchen Sie es später erneut.',
  INVITATION_LIMIT_NEW:
    'Eine neue Firma oder eine Firma in der Testphase kann 50 Einladungen pro Stunde und 200 pro Tag senden. Bitte versuchen Sie es später erneut.',
  INVITATION_LIMIT_SET:
    'Dieses Unternehmen hat das von der Plattform festgelegte Einladungslimit erreicht. Bitte versuchen Sie es später erneut.',
  INVITATION_PENDING: 'Für diese E-Mail-Adresse gibt es bereits eine offene Einladung.',
  INVITATION_INVALID:
    'Diese Einladung ist ungültig oder abgelaufen. Bitte fordern Sie bei Ihrem Administrator eine neue an.',
  INVITATION_EMAIL_MISMATCH:
    'Diese Einladung wurde an eine andere E-Mail-Adresse gesendet. Melden Sie sich mit dieser Adresse an, um sie anzunehmen.',
  JOIN_REQUEST_PENDING:
    'Sie haben bereits eine Beitrittsanfrage gestellt. Bitte warten Sie auf die Antwort eines Administrators.',
  JOIN_REQUEST_TOO_MANY:
    'Sie warten bereits auf Antworten von zu vielen Unternehmen. Warten Sie eine Antwort ab oder ziehen Sie eine Anfrage zurück, bevor Sie eine weitere stellen.',
  JOIN_REQUEST_TOO_OFTEN:
    'Sie haben heute zu oft um Beitritt zu diesem Unternehmen gebeten. Bitte versuchen Sie es morgen erneut.',
  CSV_ENCODING:
    'Diese Datei ist nicht als UTF-8-Text gespeichert, daher würden Umlaute und andere Zeichen falsch gelesen. Speichern Sie sie in Excel als „CSV UTF-8“, in anderen Tabellenprogrammen mit der Codierung UTF-8.',
  IMPORT_EMPTY: 'Diese Datei hat eine Kopfzeile, aber keine Zeilen zum Importieren.',
  CSV_QUOTE:
    'Zeile {{line}} dieser Datei ist kein gültiges CSV: Ein Anführungszeichen in einer Zelle wird doppelt geschrieben (""), und eine Zelle, die mit einem Anführungszeichen beginnt, endet mit einem.',
  CSV_INVALID:
    'Diese Datei ist keine gültige CSV-Datei. Erwartet werden die Spalten email, firstName, lastName und role (oder roles, wie im Export).',
  TEAM_NAME_TAKEN: 'Es gibt bereits ein Team mit diesem Namen.',
  MANAGER_CYCLE:
    'Diese Führungskraft würde eine Schleife in der Berichtslinie erzeugen: Die Person führt sie bereits, direkt oder über andere.',
  MANAGER_SELF: 'Eine Person kann nicht ihre eigene Führungskraft sein.',
  DEPARTMENT_CYCLE: 'Eine Abteilung kann nicht unter sich selbst oder einer ihrer Unterabteilungen liegen.',
  DEPARTMENT_NAME_TAKEN: 'Es gibt bereits eine Abteilung mit diesem Namen.',
  PAGE_SLUG_TAKEN: 'Eine Seite mit dieser Adresse gibt es in Ihrem Unternehmen bereits.',
  PAGE_USER_NOT_MEMBER: 'Eine der ausgewählten Personen ist kein Mitglied dieses Unternehmens.',
  PAGE_ACTION_DISABLED: 'Diese Person nimmt auf diesem Weg keine Anfragen entgegen.',
  FIELD_NOT_SELF_EDITABLE: 'Dieses Feld Ihres Datensatzes dürfen Sie nicht ändern; wenden Sie sich an einen Admin.',
  FIELD_LABEL_TAKEN: 'Es gibt bereits ein Feld mit dieser Bezeichnung.',
  ALREADY_CLOCKED_IN: 'Sie sind bereits eingestempelt.',
  NOT_CLOCKED_IN: 'Sie sind nicht eingestempelt.',
  ATTENDANCE_PERIOD_LOCKED: 'Dieser Zeitraum ist gesperrt; seine Einträge können nicht mehr geändert werden.',
  ATTENDANCE_OVERLAP: 'Dieser Eintrag würde sich mit einem anderen Eintrag derselben Person überschneiden.',
  HOLIDAY_DATE_TAKEN: 'An diesem Datum gibt es bereits einen Feiertag.',
  SCHEDULE_NAME_TAKEN: 'Es gibt bereits einen Arbeitsplan mit diesem Namen.',
  SCHEDULE_IN_USE: 'Dieser Arbeitsplan ist noch Mitgliedern zugewiesen oder der Standard.',
  SCHEDULE_BULK_RUNNING:
    'Eine große Zuweisung eines Arbeitszeitplans läuft noch: Warten Sie, bis sie abgeschlossen ist, und versuchen Sie es dann erneut.',
  SCHEDULE_PEOPLE_NOT_MEMBERS: 'Einige der gewählten Personen sind keine Mitglieder dieses Unternehmens.',
  SCHEDULE_DEFAULT_REQUIRED:
    'Das Unternehmen braucht einen Standardplan: Machen Sie zuerst einen anderen zum Standard.',
  CORRECTION_OWN_ENTRY:
    'Über Ihre eigene Anwesenheit entscheidet ein anderer Administrator: Sie können Ihre eigenen Einträge nicht korrigieren und nicht über Ihren eigenen Antrag entscheiden.',
  CORRECTION_DECIDED: 'Über diesen Korrekturantrag wurde bereits entschieden.',
  CORRECTION_MEMBER_INACTIVE:
    'Diese Person ist kein aktives Mitglied des Unternehmens mehr; ihr Antrag kann nur noch abgelehnt werden.',
  ATTENDANCE_ENTRY_ORDER: 'Das Ende eines Eintrags muss nach seinem Beginn liegen.',
  ATTENDANCE_IN_FUTURE: 'Ein Eintrag kann nicht in der Zukunft enden.',
  ATTENDANCE_ENTRY_TOO_LONG: 'Ein Eintrag kann höchstens 16 Stunden dauern: Prüfen Sie Beginn und Ende.',
  TIMESHEET_PERIOD_NOT_OVER:
    'Ein Zeitraum kann erst gesperrt werden, wenn er in der Zeitzone des Unternehmens vorbei ist.',
  TIMESHEET_OPEN_ENTRIES:
    'Dieser Zeitraum enthält noch offene Einträge (jemand hat nicht ausgestempelt); schließen Sie sie, bevor Sie ihn sperren.',
  POLICY_NOT_PUBLISHED: 'Diese Richtlinie hat noch keine veröffentlichte Version.',
  POLICY_ARCHIVED: 'Diese Richtlinie ist archiviert.',
  POLICY_ALREADY_ACKNOWLEDGED: 'Sie haben diese Version bereits bestätigt.',
  POLICY_VERSION_OUTDATED:
    'Dies ist nicht der aktuelle Text der Richtlinie. Bitte laden Sie ihn neu und lesen Sie ihn erneut.',
  POLICY_EMPTY: 'Eine Version braucht einen Text oder ein PDF, bevor sie veröffentlicht werden kann.',
  POLICY_PDF_TYPE: 'Diese Datei ist kein PDF. Bitte wählen Sie eine PDF-Datei.',
  POLICY_HTML_TOO_DEEP:
    'Der Text ist zu tief verschachtelt: mehr als 100 Listen, Zitate, Tabellen oder Formatierungen ineinander.',
  POLICY_HTML_UNSAFE: 'Der Text enthält Skripte, Ereignis-Handler, Stile oder unsichere Links, die nicht erlaubt sind.',
  INTERNAL: 'Etwas ist schiefgelaufen! Bitte kontaktieren Sie unser Support-Team',
  SERVICE_UNAVAILABLE: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
  SAVE_OUTCOME_UNKNOWN:
    'Die Verbindung zur Datenbank brach während des Speicherns ab: Ihre Änderung wurde vielleicht gespeichert, vielleicht nicht. Prüfen Sie sie, bevor Sie es erneut versuchen.',
};
