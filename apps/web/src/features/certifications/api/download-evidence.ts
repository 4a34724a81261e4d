import { downloadFile } from '../../../lib/download';

/** An admin's download of a record's evidence (through the api client: the token stays in a header). */
export const downloadEvidence = (recordUuid: string, name: string) =>
  downloadFile(`/api/certification-records/${recordUuid}/evidence`, name);

/** A member's download of the evidence of one of their own records. */
export const downloadMyEvidence = (recordUuid: string, name: string) =>
  downloadFile(`/api/my-certifications/records/${recordUuid}/evidence`, name);
