import type { Language } from '../constants';
import type { ErrorCode } from '../error-codes';

/** The messages of the certification codes (Compliance), in each language; each catalog spreads them in. */
type CertificationCode = Extract<ErrorCode, `CERTIFICATION_${string}`>;

export const CERTIFICATION_MESSAGES: Record<Language, Record<CertificationCode, string>> = {
  en: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'A certification with this name already exists.',
    CERTIFICATION_EVIDENCE_TYPE: 'The evidence must be a PDF, PNG or JPEG file.',
  },
  de: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Eine Zertifizierung mit diesem Namen gibt es bereits.',
    CERTIFICATION_EVIDENCE_TYPE: 'Der Nachweis muss eine PDF-, PNG- oder JPEG-Datei sein.',
  },
  fr: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Une certification portant ce nom existe déjà.',
    CERTIFICATION_EVIDENCE_TYPE: 'Le justificatif doit être un fichier PDF, PNG ou JPEG.',
  },
  pt: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'Já existe uma certificação com este nome.',
    CERTIFICATION_EVIDENCE_TYPE: 'O comprovativo tem de ser um ficheiro PDF, PNG ou JPEG.',
  },
  ar: {
    CERTIFICATION_TYPE_NAME_TAKEN: 'توجد شهادة بهذا الاسم بالفعل.',
    CERTIFICATION_EVIDENCE_TYPE: 'يجب أن يكون الإثبات ملف PDF أو PNG أو JPEG.',
  },
};
