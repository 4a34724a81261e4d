import { afterEach, describe, expect, it, vi } from 'vitest';

// The form as the server renders it (modules/company-pages/public-page-html.ts).
const PAGE = `<main id="page" data-company="acme" data-slug="sales" data-lang="de">
<details class="form" open><summary class="btn">Nachricht senden</summary>
<form data-kind="message" data-person="p1" novalidate>
<label for="message-p1-name">Ihr Name</label><input id="message-p1-name" name="name" required>
<label for="message-p1-email">Ihre E-Mail-Adresse</label><input id="message-p1-email" name="email" type="email" required>
<label for="message-p1-message">Nachricht</label><textarea id="message-p1-message" name="message" required></textarea>
<button type="submit" class="btn primary">Senden</button>
<p class="status" id="message-p1-status" role="status" aria-live="polite"></p>
</form></details></main>
<script type="application/json" id="strings">{"sent":"Gesendet."}</script>`;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('public company page form', () => {
  it('marks each refused field, names it in the message and focuses the first one', async () => {
    document.body.innerHTML = PAGE;
    const fetch = vi.fn(async () =>
      Response.json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Einige Felder sind ungültig.',
          issues: [
            { path: 'body.email', code: 'invalid_format', message: 'Diese E-Mail-Adresse ist ungültig.' },
            { path: 'body.email', code: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
            { path: 'body.message', code: 'too_small', message: 'Dieses Feld ist erforderlich.' },
          ],
        },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await import('./main');
    const form = document.querySelector('form') as HTMLFormElement;
    form.requestSubmit();
    const status = document.getElementById('message-p1-status') as HTMLElement;
    await vi.waitFor(() => expect(status.textContent).not.toBe(''));
    // A bare 'This field is required.' under the button did not say which of the three fields.
    expect(status.textContent).toBe(
      'Ihre E-Mail-Adresse: Diese E-Mail-Adresse ist ungültig. Nachricht: Dieses Feld ist erforderlich.',
    );
    const email = document.getElementById('message-p1-email') as HTMLElement;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('message-p1-status');
    expect(document.getElementById('message-p1-message')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('message-p1-name')?.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(email);
  });
});
