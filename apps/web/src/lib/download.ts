import { api } from './api';
import type { RequestOptions } from './api-client';

/**
 * Downloads a server export (e.g. a streamed CSV) through the api client, so the Bearer token
 * travels in a header and never in a URL, then hands the bytes to the browser as a file.
 */
export async function downloadFile(path: string, filename: string, query?: RequestOptions['query']): Promise<void> {
  saveBlob(await api<Blob>(path, { query, responseType: 'blob' }), filename);
}

/** Hands bytes made or fetched here to the browser as a downloaded file. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next tick: Chromium starts the download from the click synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Uploads one file as the multipart field `file`. */
export function uploadFile<T>(path: string, file: File, query?: RequestOptions['query'], silent = false): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  return api<T>(path, { method: 'POST', body, query, silent });
}
