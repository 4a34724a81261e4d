import type { MemberImportResult } from '@wac/shared/schemas/members';
import { uploadFile } from '../../../lib/download';

/**
 * `commit` false: the per-row check only; true: the good rows are invited. Silent: the dialog
 * shows a refused file inline, beside the file it names (a toast said it a second time).
 */
export const importMembers = (file: File, commit: boolean) =>
  uploadFile<MemberImportResult>(commit ? '/api/members/import' : '/api/members/import/preview', file, undefined, true);
