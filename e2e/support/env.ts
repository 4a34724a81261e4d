/** Where the global setup put things; workers inherit these variables. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3225);
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** A console URL on a company's sub-domain (Chromium resolves *.localhost to loopback). */
export const consoleUrl = (subDomain: string | null, path = '/') =>
  `http://${subDomain ? `${subDomain}.` : ''}localhost:${E2E_PORT}/admin${path}`;

export const DEMO_PASSWORD = 'Demo1234';

/** The base domain's sign-in, asked to continue into `subDomain` (where a company page without a session goes). */
export const signInUrl = (subDomain: string) =>
  new RegExp(`^http://localhost:${E2E_PORT}/admin/login\\?to=${subDomain}(&|$)`);

/** The base domain's sign-in page, asked to continue into `subDomain`: what `signInUrl` matches. */
export const baseSignInUrl = (subDomain: string) => `http://localhost:${E2E_PORT}/admin/login?to=${subDomain}`;

/** The dashboard of a company: `/admin` or `/admin/` (the router drops the trailing slash). */
export const dashboardUrl = (subDomain: string) => new RegExp(`^http://${subDomain}\\.localhost:${E2E_PORT}/admin/?$`);

/**
 * Demo people (from the seed's factories). Sign-in is rate-limited per account (10 per 15 min),
 * so the specs spread their sign-ins over several admins of Acme.
 */
export const PEOPLE = {
  alice: { email: 'alice@example.com', firstName: 'Alice' },
  bob: { email: 'bob@example.com', firstName: 'Bob' },
  sam: { email: 'super@example.com', firstName: 'Sam' },
  ada: { email: 'ada.adams.0@acme.example.com', firstName: 'Ada' },
  kira: { email: 'kira.adams.10@acme.example.com', firstName: 'Kira' },
  farid: { email: 'farid.berg.30@acme.example.com', firstName: 'Farid' },
  priya: { email: 'priya.berg.40@acme.example.com', firstName: 'Priya' },
} as const;
