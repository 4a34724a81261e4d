import type { Language } from '../constants';
import type { ErrorCode } from '../error-codes';

/** The messages of the certification codes (Compliance), in each language; each catalog spreads them in. */
type CertificationCode = Extract<ErrorCode, `CERTIFICATION_${string}`>;

export const CERTIFICATION_MESSAGES: Record<Language, Record<CertificationCode, string>> = {
  en: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'A certification with this name already exists.',
    CERTIFICATION_EVIDENCE_TYPE: 'The evidence must be a PDF, PNG or JPEG file.',
    CERTIFICATION_SUBMISSION_PENDING: 'You already sent a certificate of this type; an admin has not reviewed it yet.',
    CERTIFICATION_NOT_PENDING: 'This submission has already been reviewed.',
    CERTIFICATION_OWN_RECORD: 'Another admin records and reviews your own certificates.',
  },
  de: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Eine Zertifizierung mit diesem Namen gibt es bereits.',
    CERTIFICATION_EVIDENCE_TYPE: 'Der Nachweis muss eine PDF-, PNG- oder JPEG-Datei sein.',
    CERTIFICATION_SUBMISSION_PENDING:
      'Sie haben bereits ein Zertifikat dieser Art eingereicht; es wurde noch nicht geprüft.',
    CERTIFICATION_NOT_PENDING: 'Diese Einreichung wurde bereits geprüft.',
    CERTIFICATION_OWN_RECORD: 'Ihre eigenen Zertifikate erfasst und prüft ein anderer Admin.',
  },
  fr: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Une certification portant ce nom existe déjà.',
    CERTIFICATION_EVIDENCE_TYPE: 'Le justificatif doit être un fichier PDF, PNG ou JPEG.',
    CERTIFICATION_SUBMISSION_PENDING:
      'Vous avez déjà envoyé un certificat de ce type ; un administrateur ne l’a pas encore examiné.',
    CERTIFICATION_NOT_PENDING: 'Cette soumission a déjà été examinée.',
    CERTIFICATION_OWN_RECORD: 'Un autre administrateur enregistre et examine vos propres certificats.',
  },
  pt: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Já existe uma certificação com este nome.',
    CERTIFICATION_EVIDENCE_TYPE: 'O comprovativo tem de ser um ficheiro PDF, PNG ou JPEG.',
    CERTIFICATION_SUBMISSION_PENDING: 'Já enviou um certificado deste tipo; um administrador ainda não o analisou.',
    CERTIFICATION_NOT_PENDING: 'Esta submissão já foi analisada.',
    CERTIFICATION_OWN_RECORD: 'Outro administrador regista e analisa os seus próprios certificados.',
  },
  ar: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'توجد شهادة بهذا الاسم بالفعل.',
    CERTIFICATION_EVIDENCE_TYPE: 'يجب أن يكون الإثبات ملف PDF أو PNG أو JPEG.',
    CERTIFICATION_SUBMISSION_PENDING: 'لقد أرسلت بالفعل شهادة من هذا النوع؛ ولم يراجعها المسؤول بعد.',
    CERTIFICATION_NOT_PENDING: 'تمت مراجعة هذا الطلب بالفعل.',
    CERTIFICATION_OWN_RECORD: 'يسجّل مسؤول آخر شهاداتك ويراجعها.',
  },
};
