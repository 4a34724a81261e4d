import { MAX_FILE_BYTES } from '@wac/shared/constants';
import { fieldMessage } from './i18n';

/**
 * The 2 MB upload rule, checked before any request (the server checks it again): the translated
 * "File size exceeds 2MB. Please select a smaller file." or undefined when the file may go.
 */
export function fileSizeError(file: Pick<File, 'size'> | null | undefined): string | undefined {
  if (!file || file.size <= MAX_FILE_BYTES) return undefined;
  return fieldMessage('fileTooLarge');
}
