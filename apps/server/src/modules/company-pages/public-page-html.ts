import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@wac/shared/constants';
import { PUBLIC_PAGE_STRINGS } from '@wac/shared/public-page-strings';
import type { PublicPage } from '@wac/shared/schemas/company-pages';

/**
 * The public company page as HTML, rendered on the server: readable with no script at all. The
 * built template (`public-page.html`, its own small Vite entry) adds the forms' sending and the
 * presence refresh; without a build the page is the same, minus that script.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FALLBACK = `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>__TITLE__</title></head><body>__BODY__</body></html>`;

let cached: { dir: string; template: string } | null = null;
function template(webDist: string) {
  if (cached?.dir === webDist) return cached.template;
  const file = join(webDist, 'public-page.html');
  const t = existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK;
  cached = { dir: webDist, template: t };
  return t;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

function form(kind: 'email' | 'message', uuid: string, label: string, s: (typeof PUBLIC_PAGE_STRINGS)['en']) {
  const id = `${kind}-${uuid}`;
  return `<details class="form"><summary class="btn">${esc(label)}</summary>
<form data-kind="${kind}" data-person="${uuid}" novalidate>
<label for="${id}-name">${esc(s.yourName)}</label><input id="${id}-name" name="name" required maxlength="100" autocomplete="name">
<label for="${id}-email">${esc(s.yourEmail)}</label><input id="${id}-email" name="email" type="email" required maxlength="254" autocomplete="email">
<label for="${id}-message">${esc(s.message)}</label><textarea id="${id}-message" name="message" required maxlength="2000" rows="4"></textarea>
<button type="submit" class="btn primary">${esc(s.send)}</button>
<p class="status" id="${id}-status" role="status" aria-live="polite"></p>
</form></details>`;
}

export function renderPublicPage(webDist: string, lang: Language, page: PublicPage) {
  const s = PUBLIC_PAGE_STRINGS[lang];
  const anyone = page.people.some((p) => p.presence !== 'offline');
  const cards = page.people
    .map((p) => {
      const photo = p.photoUrl
        ? `<img class="photo" src="${esc(p.photoUrl)}" alt="" width="64" height="64">`
        : `<span class="photo" aria-hidden="true">${esc(initials(p.name))}</span>`;
      const buttons = [
        p.callUrl ? `<a class="btn" href="${esc(p.callUrl)}" rel="noopener">${esc(s.startCall)}</a>` : '',
        p.scheduleUrl ? `<a class="btn" href="${esc(p.scheduleUrl)}" rel="noopener">${esc(s.schedule)}</a>` : '',
        p.canEmail ? form('email', p.uuid, s.sendEmail, s) : '',
        p.canMessage ? form('message', p.uuid, s.sendMessage, s) : '',
      ].join('');
      return `<li class="card" data-person="${p.uuid}">${photo}<div class="who"><h3>${esc(p.name)}</h3>${
        p.jobTitle ? `<p class="job">${esc(p.jobTitle)}</p>` : ''
      }<p class="presence" data-presence="${p.presence}"><span class="dot" aria-hidden="true"></span><span class="label">${esc(
        s[p.presence],
      )}</span></p></div><div class="actions">${buttons}</div></li>`;
    })
    .join('');
  // The company's own words (title, description) keep their own direction: an English
  // description read in Arabic keeps its full stop at its end.
  const body = `<header><p class="company">${esc(page.company.name)}</p></header>
<main id="page" data-company="${esc(page.company.subDomain)}" data-slug="${esc(page.slug)}" data-lang="${lang}">
<h1 dir="auto">${esc(page.title)}</h1>${page.description ? `<p class="description" dir="auto">${esc(page.description)}</p>` : ''}
<p class="agents" role="status" ${anyone ? 'hidden' : ''}>${esc(s.agentsOffline)}</p>
<h2>${esc(s.people)}</h2><ul class="cards">${cards}</ul></main>
<script type="application/json" id="strings">${JSON.stringify(s).replace(/</g, '\\u003c')}</script>`;
  return template(webDist)
    .replace('<html lang="en" dir="ltr">', `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace('__TITLE__', () => `${esc(page.title)} · ${esc(page.company.name)}`)
    .replace('__BODY__', () => body);
}

/**
 * An unknown or unpublished page, in the visitor's language: a stale or mistyped link read a bare
 * "404". The same answer for both, as the API's (which pages exist stays unsaid). No `#page`, so
 * the page's script has nothing to refresh.
 */
export function renderPublicNotFound(webDist: string, lang: Language) {
  const s = PUBLIC_PAGE_STRINGS[lang];
  const body = `<main><h1>${esc(s.notFoundTitle)}</h1><p class="description">${esc(s.notFoundText)}</p></main>`;
  return template(webDist)
    .replace('<html lang="en" dir="ltr">', `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace('__TITLE__', () => esc(s.notFoundTitle))
    .replace('__BODY__', () => body);
}
