import type { ErrorCode } from '../error-codes';
import { CERTIFICATION_MESSAGES } from './certifications';
import { TIME_OFF_MESSAGES } from './time-off';

/** Every error code's message in French. */
export const fr: Record<ErrorCode, string> = {
  ...TIME_OFF_MESSAGES.fr,
  ...CERTIFICATION_MESSAGES.fr,
  VALIDATION_FAILED: 'Certains champs ne sont pas valides.',
  BAD_REQUEST: 'La requête n’est pas valide.',
  INVALID_JSON: 'Le corps de la requête n’est pas un JSON valide.',
  SEARCH_TOO_BROAD:
    'Plus de 5 000 personnes correspondent à cette recherche. Saisissez davantage du nom ou de l’adresse e-mail.',
  INVALID_CREDENTIALS: 'Identifiants invalides.',
  UNAUTHENTICATED: 'Veuillez vous connecter pour continuer.',
  TOKEN_INVALID: 'Votre session n’est pas valide. Veuillez vous reconnecter.',
  TOKEN_EXPIRED: 'Votre session a expiré. Veuillez vous reconnecter.',
  REFRESH_INVALID: 'Votre session est terminée. Veuillez vous reconnecter.',
  SESSION_REVOKED: 'Votre session a été fermée. Veuillez vous reconnecter.',
  NOT_PART_OF_ANY_COMPANY: 'Vous ne faites partie d’aucune entreprise.',
  FORBIDDEN: 'Vous n’êtes pas autorisé à faire cela.',
  NOT_READY: 'Le serveur n’est pas prêt : un service dont il dépend est injoignable. Veuillez réessayer sous peu.',
  JOB_NOT_RETRYABLE: 'Seule une tâche en échec ou abandonnée peut être relancée.',
  ACCOUNT_DISABLED:
    'Votre compte a été désactivé. Veuillez contacter votre administrateur ou essayer de changer d’entreprise',
  COMPANY_DISABLED: 'Cette entreprise a été désactivée.',
  NOT_FOUND: 'Introuvable.',
  COMPANY_NOT_FOUND: 'Désolé, cet espace n’existe pas.',
  ROUTE_NOT_FOUND: 'Cette adresse n’existe pas.',
  CONFLICT: 'Cela entre en conflit avec des données existantes.',
  VERSION_CONFLICT: 'Quelqu’un d’autre a modifié ceci entre-temps. Rechargez pour voir ses modifications.',
  EMAIL_TAKEN: 'Un compte existe déjà avec cette adresse e-mail.',
  SUBDOMAIN_TAKEN: 'Ce sous-domaine est déjà pris.',
  UNKNOWN_EMAIL:
    'Aucun compte n’utilise cette adresse e-mail. Vérifiez-la ou demandez à la personne de s’inscrire d’abord.',
  ALREADY_MEMBER: 'Cette personne est déjà membre de l’entreprise.',
  LAST_ADMIN: 'Une entreprise doit garder au moins un administrateur actif.',
  INVALID_OTP: 'Code OTP invalide',
  OTP_EXPIRED: 'Ce code a expiré. Veuillez en demander un nouveau.',
  OTP_TOO_MANY_ATTEMPTS: 'Trop de codes erronés. Veuillez en demander un nouveau.',
  WORK_EMAIL_REQUIRED:
    'Nous sommes désolés, cette adresse e-mail n’est pas acceptée. Veuillez utiliser votre adresse professionnelle.',
  PASSWORD_TOO_COMMON: 'Ce mot de passe est trop courant. Veuillez en choisir un autre.',
  SWITCH_CODE_INVALID: 'Ce lien de connexion est invalide ou a expiré. Veuillez vous connecter.',
  TICKET_INVALID: 'Le ticket temps réel est invalide, déjà utilisé ou expiré.',
  ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à ouvrir une connexion temps réel ici.',
  FILE_TOO_LARGE: 'Le fichier dépasse 2 Mo. Veuillez choisir un fichier plus petit.',
  IMPORT_FILE_TOO_LARGE: 'Le fichier dépasse 32 Mo. Veuillez le diviser en fichiers plus petits.',
  ONE_FILE_ONLY: 'Envoyez un seul fichier à la fois.',
  IMPORT_TOO_MANY_ROWS: 'Le fichier compte plus de 100 000 lignes. Veuillez le diviser en fichiers plus petits.',
  UNSUPPORTED_FILE_TYPE: 'Veuillez choisir une image PNG, JPEG ou WebP.',
  BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  HEADERS_TOO_LARGE: 'L’adresse ou les en-têtes de la requête sont trop longs.',
  UNSUPPORTED_MEDIA_TYPE: 'Ce type de contenu n’est pas pris en charge.',
  RATE_LIMITED: 'Trop de tentatives. Veuillez patienter un instant.',
  CROSS_SITE_REQUEST:
    'Cette requête provenait d’une autre page et a été refusée. Ouvrez la console à sa propre adresse et réessayez.',
  INVITATION_LIMIT:
    'Cette entreprise a atteint sa limite d’invitations : 300 par heure et 1 000 par jour. Veuillez réessayer plus tard.',
  INVITATION_LIMIT_NEW:
    'Une entreprise nouvelle ou en essai peut envoyer 50 invitations par heure et 200 par jour. Veuillez réessayer plus tard.',
  INVITATION_LIMIT_SET:
    'Cette entreprise a atteint la limite d’invitations fixée par la plateforme. Veuillez réessayer plus tard.',
  INVITATION_PENDING: 'Une invitation est déjà en attente pour cette adresse e-mail.',
  INVITATION_INVALID: 'Cette invitation n’est pas valide ou a expiré. Demandez-en une nouvelle à votre administrateur.',
  INVITATION_EMAIL_MISMATCH:
    'Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec cette adresse pour l’accepter.',
  JOIN_REQUEST_PENDING:
    'Vous avez déjà demandé à rejoindre cette entreprise. Veuillez attendre la réponse d’un administrateur.',
  JOIN_REQUEST_TOO_MANY:
    'Vous attendez déjà la réponse de trop d’entreprises. Attendez l’une d’elles ou retirez une demande avant d’en envoyer une autre.',
  JOIN_REQUEST_TOO_OFTEN:
    'Vous avez demandé à rejoindre cette entreprise trop souvent aujourd’hui. Veuillez réessayer demain.',
  CSV_ENCODING:
    'Ce fichier n’est pas enregistré en texte UTF-8 : ses accents et autres caractères seraient mal lus. Dans Excel, enregistrez-le au format « CSV UTF-8 » ; dans les autres tableurs, choisissez l’encodage UTF-8.',
  IMPORT_EMPTY: 'Ce fichier a une ligne d’en-tête mais aucune ligne à importer.',
  CSV_QUOTE:
    'La ligne {{line}} de ce fichier n’est pas un CSV valide : un guillemet dans une cellule s’écrit deux fois (""), et une cellule qui commence par un guillemet se termine par un guillemet.',
  CSV_INVALID:
    'Ce fichier n’est pas un fichier CSV valide. Colonnes attendues : email, firstName, lastName et role (ou roles, comme dans l’export).',
  TEAM_NAME_TAKEN: 'Une équipe porte déjà ce nom.',
  MANAGER_CYCLE:
    'Ce responsable créerait une boucle dans la chaîne hiérarchique : la personne le dirige déjà, directement ou par d’autres.',
  MANAGER_SELF: 'Une personne ne peut pas être son propre responsable.',
  DEPARTMENT_CYCLE: 'Un service ne peut pas être placé sous lui-même ni sous l’un de ses sous-services.',
  DEPARTMENT_NAME_TAKEN: 'Un service porte déjà ce nom.',
  PAGE_SLUG_TAKEN: 'Une page avec cette adresse existe déjà dans votre entreprise.',
  PAGE_USER_NOT_MEMBER: 'L’une des personnes choisies n’est pas membre de cette entreprise.',
  PAGE_ACTION_DISABLED: 'Cette personne ne reçoit pas de demandes de cette façon.',
  FIELD_NOT_SELF_EDITABLE: 'Vous ne pouvez pas modifier ce champ de votre fiche ; demandez à un administrateur.',
  FIELD_LABEL_TAKEN: 'Un champ porte déjà ce libellé.',
  ALREADY_CLOCKED_IN: 'Vous avez déjà pointé votre arrivée.',
  NOT_CLOCKED_IN: 'Vous n’avez pas pointé votre arrivée.',
  ATTENDANCE_PERIOD_LOCKED: 'Cette période est verrouillée ; ses pointages ne peuvent plus être modifiés.',
  ATTENDANCE_OVERLAP: 'Ce pointage chevaucherait un autre pointage de la même personne.',
  HOLIDAY_DATE_TAKEN: 'Il y a déjà un jour férié à cette date.',
  SCHEDULE_NAME_TAKEN: 'Un horaire porte déjà ce nom.',
  SCHEDULE_IN_USE: 'Cet horaire est encore attribué à des membres ou est l’horaire par défaut.',
  SCHEDULE_BULK_RUNNING:
    'Une attribution d’horaire à un grand groupe est encore en cours : attendez qu’elle soit terminée, puis réessayez.',
  SCHEDULE_PEOPLE_NOT_MEMBERS: 'Certaines des personnes choisies ne sont pas membres de cette entreprise.',
  SCHEDULE_DEFAULT_REQUIRED: 'L’entreprise a besoin d’un horaire par défaut : choisissez-en d’abord un autre.',
  CORRECTION_OWN_ENTRY:
    'Un autre administrateur décide de votre propre présence : vous ne pouvez ni corriger vos propres pointages ni traiter votre propre demande.',
  CORRECTION_DECIDED: 'Cette demande de correction a déjà été traitée.',
  CORRECTION_MEMBER_INACTIVE:
    'Cette personne n’est plus un membre actif de l’entreprise ; sa demande ne peut plus qu’être refusée.',
  ATTENDANCE_ENTRY_ORDER: 'La fin d’un pointage doit être après son début.',
  ATTENDANCE_IN_FUTURE: 'Un pointage ne peut pas se terminer dans le futur.',
  ATTENDANCE_ENTRY_TOO_LONG: 'Un pointage dure au plus 16 heures : vérifiez ses heures d’entrée et de sortie.',
  TIMESHEET_PERIOD_NOT_OVER:
    'Une période ne peut être verrouillée qu’une fois terminée, dans le fuseau horaire de l’entreprise.',
  TIMESHEET_OPEN_ENTRIES: 'Cette période contient des pointages encore ouverts ; clôturez-les avant de la verrouiller.',
  POLICY_NOT_PUBLISHED: 'Cette politique n’a pas encore de version publiée.',
  POLICY_ARCHIVED: 'Cette politique est archivée.',
  POLICY_ALREADY_ACKNOWLEDGED: 'Vous avez déjà pris connaissance de cette version.',
  POLICY_VERSION_OUTDATED: 'Ce n’est pas le texte actuel de la politique. Veuillez le recharger et le relire.',
  POLICY_EMPTY: 'Une version doit contenir un texte ou un PDF avant d’être publiée.',
  POLICY_PDF_TYPE: 'Ce fichier n’est pas un PDF. Veuillez choisir un fichier PDF.',
  POLICY_HTML_TOO_DEEP:
    'Le texte est trop imbriqué : plus de 100 listes, citations, tableaux ou mises en forme les uns dans les autres.',
  POLICY_HTML_UNSAFE:
    'Le texte contient des scripts, des gestionnaires d’événements, des styles ou des liens non sûrs, qui ne sont pas autorisés.',
  INTERNAL: 'Une erreur s’est produite ! Veuillez contacter notre équipe d’assistance',
  SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques secondes.',
  SAVE_OUTCOME_UNKNOWN:
    'La connexion à la base de données a été perdue pendant l’enregistrement : votre modification a peut-être été enregistrée, peut-être pas. Vérifiez-la avant de réessayer.',
};
