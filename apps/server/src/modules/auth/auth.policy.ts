import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let freeMail: Set<string> | undefined;
let disposable: Set<string> | undefined;
let disposableWildcards: Set<string> | undefined;

/** Loaded on first use: the disposable list alone is ~120k domains. */
function lists() {
  if (!freeMail || !disposable || !disposableWildcards) {
    freeMail = new Set<string>(require('email-providers/all.json') as string[]);
    disposable = new Set<string>(require('disposable-email-domains') as string[]);
    disposableWildcards = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);
  }
  return { freeMail, disposable, disposableWildcards };
}

/**
 * A work email is one whose domain is neither a free-mail provider nor a disposable-mail service
 * (sign-up is for companies, not private addresses). Parent domains count too: `x.mailinator.com` is as disposable as its parent.
 */
export function isWorkEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const { freeMail, disposable, disposableWildcards } = lists();
  if (freeMail.has(domain) || disposable.has(domain)) return false;
  const labels = domain.split('.');
  for (let i = 1; i < labels.length - 1; i++) {
    const parent = labels.slice(i).join('.');
    if (disposable.has(parent) || disposableWildcards.has(parent) || freeMail.has(parent)) return false;
  }
  return true;
}
