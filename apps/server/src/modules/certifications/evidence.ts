import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { sniffImage } from '../../lib/images';

/** An uploaded evidence file as the route read it (already within the 2 MB limit). */
export interface Evidence {
  bytes: Buffer;
  name: string;
}

const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The real type of evidence by its first bytes (PDF, PNG or JPEG); the name and Content-Type sent are not trusted. */
export function evidenceType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = sniffImage(bytes);
  if (image === 'png') return 'image/png';
  if (image === 'jpeg') return 'image/jpeg';
  return null;
}

/**
 * Checks an evidence file by its content and gives it a safe name: the client's name without a
 * path, quotes or control characters, ending in the extension of the type it really is.
 */
export function checkEvidence(file: Evidence) {
  if (file.bytes.length === 0) throw new AppError('BAD_REQUEST', [{ path: 'body.file', code: 'required' }]);
  const contentType = evidenceType(file.bytes);
  if (!contentType) throw new AppError('CERTIFICATION_EVIDENCE_TYPE', [{ path: 'body.file', code: 'invalid' }]);
  const ext = EXTENSION[contentType]!;
  const base = (file.name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .slice(0, 100)
    .trim();
  return {
    data: file.bytes,
    contentType,
    name: `${base || 'evidence'}.${ext}`,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
}
