import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { ERROR_CODES, ERROR_MESSAGES } from './errors';
import { RegisterSchema } from './schemas/auth';
import {
  couldBeInEmail,
  emailField,
  passwordField,
  proposeSubDomain,
  subDomainField,
  VALIDATION_KEYS,
  VALIDATION_MESSAGES,
  validationMessage,
} from './validation';

const firstIssue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('password rules', () => {
  it.each([
    ['short1A', 'passwordMin'],
    ['nonumberAA', 'passwordNumber'],
    ['alllower1', 'passwordCase'],
    ['ALLUPPER1', 'passwordCase'],
    ['x'.repeat(127) + 'A1', 'passwordMax'],
  ])('%s is refused with %s', (pw, key) => {
    expect(firstIssue(passwordField.safeParse(pw))).toBe(key);
  });
  it('accepts 8+ characters with a number and both cases, up to 128', () => {
    expect(passwordField.safeParse('Demo1234').success).toBe(true);
    expect(passwordField.safeParse(`Aa1${'x'.repeat(125)}`).success).toBe(true);
  });
});

describe('email and sub-domain', () => {
  it('normalises and checks email', () => {
    expect(emailField.parse('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(firstIssue(emailField.safeParse('no-at-sign'))).toBe('email');
    expect(firstIssue(emailField.safeParse('a@b.c'))).toBe('email');
    expect(emailField.safeParse('ceo@startup.technology').success).toBe(true);
  });
  it('accepts DNS labels only', () => {
    expect(subDomainField.parse('Acme-Corp')).toBe('acme-corp');
    expect(subDomainField.safeParse('  ').error?.issues.map((i) => i.message)).toEqual(['required']);
    for (const bad of ['-acme', 'acme-', 'ac', 'a_b', 'www', 'x'.repeat(64)]) {
      expect(subDomainField.safeParse(bad).success).toBe(false);
    }
  });
  it('proposes a valid sub-domain from any company name', () => {
    expect(proposeSubDomain('Acme Corp')).toBe('acme-corp');
    expect(proposeSubDomain('Über Café GmbH')).toBe('uber-cafe-gmbh');
    expect(subDomainField.safeParse(proposeSubDomain('!!')).success).toBe(true);
  });
  it('sign-up needs the confirmation to match', () => {
    const r = RegisterSchema.safeParse({
      email: 'a@acme.com',
      firstName: 'A',
      lastName: 'B',
      companyName: 'Acme',
      password: 'Demo1234',
      confirmPassword: 'Demo12345',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: 'passwordMismatch', path: ['confirmPassword'] });
  });
});

describe('message catalogs', () => {
  it.each(LANGUAGES)('%s has every error and validation message', (lang) => {
    for (const code of Object.keys(ERROR_CODES))
      expect(ERROR_MESSAGES[lang][code as keyof typeof ERROR_CODES]).toBeTruthy();
    for (const key of VALIDATION_KEYS) expect(VALIDATION_MESSAGES[lang][key]).toBeTruthy();
  });
  it('keeps the product’s exact English texts', () => {
    expect(ERROR_MESSAGES.en.INVALID_CREDENTIALS).toBe('Invalid credentials.');
    expect(ERROR_MESSAGES.en.NOT_PART_OF_ANY_COMPANY).toBe('You are not part of any company.');
    expect(ERROR_MESSAGES.en.INVALID_OTP).toBe('Invalid otp code');
    expect(ERROR_MESSAGES.en.FILE_TOO_LARGE).toBe('File size exceeds 2MB. Please select a smaller file.');
  });
});

describe('control characters', () => {
  it('one-line fields refuse NUL, other C0/C1 controls, line breaks and U+2028; texts keep lines and tabs', async () => {
    const { lineText, multilineText, nameField } = await import('./validation');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u001bb', 'a\u0085b', 'a\u2028b', 'a\u007fb']) {
      const r = lineText().safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('controlCharacters');
      expect(nameField.safeParse(bad).success).toBe(false);
    }
    expect(lineText().safeParse('Zoë O’Brien – 東京').success).toBe(true);
    expect(multilineText().safeParse('one\r\ntwo\tthree').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u001bb']) expect(multilineText().safeParse(bad).success).toBe(false);
  });
});

describe('couldBeInEmail', () => {
  it('is true of every fragment of an address the email field accepts, false where a character no address holds', () => {
    const address = emailField.parse('Ann.O-Neil+hr_2@mail.example.co.uk');
    for (let i = 0; i < address.length; i++)
      for (let j = i; j <= address.length; j++) expect(couldBeInEmail(address.slice(i, j))).toBe(true);
    for (const name of ['number 1', 'zoë', 'o’brien', 'ann%', '東京']) expect(couldBeInEmail(name)).toBe(false);
  });
});

describe('limits in messages', () => {
  it('a text says characters, a list says entries', () => {
    expect(validationMessage('tooLong', 'en', { max: 100 })).toBe('This value is too long: at most 100 characters.');
    expect(validationMessage('tooLong', 'en', { max: 100, origin: 'string' })).toBe(
      'This value is too long: at most 100 characters.',
    );
    expect(validationMessage('tooLong', 'en', { max: 500, origin: 'array' })).toBe('Too many entries: at most 500.');
    expect(validationMessage('tooLong', 'de', { max: 1000, origin: 'array' })).toBe(
      'Zu viele Einträge: höchstens 1.000.',
    );
  });
});
