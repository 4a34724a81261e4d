import './public-page.css';

/**
 * The public company page's only script (its own Vite entry, not the console): sends the visitor's
 * forms as JSON and refreshes the people's presence. The page reads fully without it.
 */
type Strings = Record<string, string>;
type Person = { uuid: string; presence: 'online' | 'away' | 'busy' | 'offline' };

const main = document.getElementById('page');
const strings = JSON.parse(document.getElementById('strings')?.textContent ?? '{}') as Strings;

if (main) {
  const company = main.dataset.company ?? '';
  const slug = main.dataset.slug ?? '';
  const lang = main.dataset.lang ?? 'en';
  const base = `/api/public/pages/${encodeURIComponent(company)}/${encodeURIComponent(slug)}`;
  const headers = { accept: 'application/json', 'accept-language': lang };

  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-kind]'))) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const status = form.querySelector<HTMLElement>('.status');
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      const data = new FormData(form);
      const body = {
        name: String(data.get('name') ?? ''),
        email: String(data.get('email') ?? ''),
        message: String(data.get('message') ?? ''),
      };
      const show = (text: string, ok: boolean) => {
        if (!status) return;
        status.textContent = text;
        status.className = `status ${ok ? 'ok' : 'error'}`;
      };
      for (const field of Array.from(form.querySelectorAll('[aria-invalid]'))) field.removeAttribute('aria-invalid');
      if (button) button.disabled = true;
      fetch(`${base}/people/${form.dataset.person}/${form.dataset.kind}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
        .then(async (res) => {
          if (res.ok) {
            form.reset();
            show(strings.sent ?? 'Sent.', true);
            return;
          }
          const err = (await res.json().catch(() => null)) as {
            message?: string;
            issues?: { path?: string; message: string }[];
          } | null;
          // Each refused field is marked and named in the message ("Your email: …"), the first one
          // focused: a bare "This field is required." under the button did not say which.
          const said: string[] = [];
          let first: HTMLElement | null = null;
          for (const issue of err?.issues ?? []) {
            const field = form.querySelector<HTMLElement>(`[name="${issue.path?.split('.').pop() ?? ''}"]`);
            // One message a field: an empty email is both missing and not an address.
            if (field?.hasAttribute('aria-invalid')) continue;
            const label = field && form.querySelector(`label[for="${field.id}"]`)?.textContent;
            if (field) {
              field.setAttribute('aria-invalid', 'true');
              if (status?.id) field.setAttribute('aria-describedby', status.id);
              first ??= field;
            }
            said.push(label ? `${label}: ${issue.message}` : issue.message);
          }
          show(said.join(' ') || err?.message || strings.failed || 'Error', false);
          first?.focus();
        })
        .catch(() => show(strings.failed ?? 'Error', false))
        .finally(() => {
          if (button) button.disabled = false;
        });
    });
  }

  // Presence: the page asks again every 10 seconds while it is visible.
  const refresh = () => {
    if (document.hidden) return;
    fetch(base, { headers })
      .then((res) => (res.ok ? (res.json() as Promise<{ people: Person[] }>) : null))
      .then((page) => {
        if (!page) return;
        for (const p of page.people) {
          const el = document.querySelector<HTMLElement>(`.card[data-person="${p.uuid}"] .presence`);
          if (!el) continue;
          el.dataset.presence = p.presence;
          const label = el.querySelector('.label');
          if (label) label.textContent = strings[p.presence] ?? p.presence;
        }
        const agents = document.querySelector<HTMLElement>('.agents');
        if (agents) agents.hidden = page.people.some((p) => p.presence !== 'offline');
      })
      .catch(() => {});
  };
  setInterval(refresh, 10_000);
}
