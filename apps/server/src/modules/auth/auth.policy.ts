import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let freeMail: Set<string> | undefined;
let disposable: Set<string> | undefined;
let disposableWildcards: Set<string> | undefined;
let commonPasswords: Set<string> | undefined;

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
 * (PRODUCT.md §4). Parent domains count too: `x.mailinator.com` is as disposable as its parent.
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

export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.toLowerCase()),
    );
  }
  return commonPasswords.has(password.toLowerCase());
}
