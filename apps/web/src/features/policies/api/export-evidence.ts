import { downloadFile } from '../../../lib/download';

/** The auditor's evidence of a policy: the JSON manifest and the acknowledgements CSV. */
export const downloadEvidenceManifest = (uuid: string) =>
  downloadFile(`/api/policies/${uuid}/evidence.json`, 'policy-evidence.json');
export const downloadEvidenceCsv = (uuid: string) =>
  downloadFile(`/api/policies/${uuid}/evidence/acknowledgements.csv`, 'policy-acknowledgements.csv');
