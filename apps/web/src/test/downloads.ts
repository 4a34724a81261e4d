import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { ORIGIN } from './server';

/** The file names the app hands to the browser as downloads (lib/download.ts clicks a link). */
export function captureDownloads(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** An MSW answer for a CSV export at `path` that records each request's URL in `seen`. */
export const csvExport = (path: string, seen: URL[]) =>
  http.get(`${ORIGIN}${path}`, ({ request }) => {
    seen.push(new URL(request.url));
    return new HttpResponse('\uFEFFuuid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  });
