/** Where the global setup put things; workers inherit these variables. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3225);
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** A console URL on a company's sub-domain (Chromium resolves *.localhost to loopback). */
export const consoleUrl = (subDomain: string | null, path = '/') =>
  `http://${subDomain ? `${subDomain}.` : ''}localhost:${E2E_PORT}/admin${path}`;

export const DEMO_PASSWORD = 'Demo1234';

/** The dashboard of a company: `/admin` or `/admin/` (the router drops the trailing slash). */
export const dashboardUrl = (subDomain: string) => new RegExp(`^http://${subDomain}\\.localhost:${E2E_PORT}/admin/?$`);
