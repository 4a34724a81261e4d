import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque random token, base64url, 256 bits unless told. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A 6-digit code from the CSPRNG. */
export const otpCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
