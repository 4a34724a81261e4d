import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors';

// Argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;

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

/**
 * The one password policy, for every path that sets a password a person chose (sign-up, reset,
 * accepting an invitation as a new user): the shape rules are the shared `passwordField` schema;
 * this adds what a schema cannot hold, the list of common passwords. Answers the hash to store.
 */
export async function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
  return hashPassword(password);
}
