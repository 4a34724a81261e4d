import { downloadFile } from '../../../lib/download';

/**
 * A download's name after its policy ("code-of-conduct-evidence.json"): an auditor downloading
 * several policies' evidence got as many "policy-evidence.json".
 */
export function evidenceName(title: string, file: 'evidence.json' | 'acknowledgements.csv') {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'policy'}-${file}`;
}

/** The auditor's evidence of a policy: the JSON manifest and the acknowledgements CSV. */
export const downloadEvidenceManifest = (uuid: string, title: string) =>
  downloadFile(`/api/policies/${uuid}/evidence.json`, evidenceName(title, 'evidence.json'));
export const downloadEvidenceCsv = (uuid: string, title: string) =>
  downloadFile(`/api/policies/${uuid}/evidence/acknowledgements.csv`, evidenceName(title, 'acknowledgements.csv'));
