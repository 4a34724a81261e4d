/**
 * The address a link in a policy may point to, as the link dialog accepts it: a web page (http,
 * https) or an e-mail address (mailto). Written without a scheme, "example.com/travel" is read as
 * https and "hr@example.com" as mailto, as people type them. Anything else (javascript:, a file,
 * a relative path, words with blanks) is null: the dialog says what it expects.
 * The server's sanitiser (apps/server/src/lib/html.ts) accepts every address this returns.
 */
export function linkAddress(input: string): string | null {
  const typed = input.trim();
  if (!typed || /\s/.test(typed)) return null;
  let candidate = typed;
  if (!/^[a-z][a-z\d+.-]*:/i.test(typed)) {
    if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(typed)) candidate = `mailto:${typed}`;
    else if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+([:/?#].*)?$/u.test(typed)) candidate = `https://${typed}`;
    else return null;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return /^mailto:[^@]+@[^@]+$/i.test(candidate) ? candidate : null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // "https:/example.com" and "https:example.com" parse; the address as the browser will follow it.
  return url.hostname ? url.href : null;
}
