import { describe, expect, it } from 'vitest';
import { linkAddress } from './link-address';

describe('link address', () => {
  it('takes web and e-mail addresses, with or without their scheme', () => {
    expect(linkAddress('https://example.com/travel')).toBe('https://example.com/travel');
    expect(linkAddress('  http://intranet.acme.test/a?b=1#c ')).toBe('http://intranet.acme.test/a?b=1#c');
    expect(linkAddress('example.com/travel')).toBe('https://example.com/travel');
    expect(linkAddress('mailto:hr@example.com')).toBe('mailto:hr@example.com');
    expect(linkAddress('hr@example.com')).toBe('mailto:hr@example.com');
  });

  it('refuses every other scheme, relative paths and words', () => {
    for (const bad of [
      '',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://example.com',
      '//evil.example',
      '/admin',
      'not a link',
      'mailto:',
      'https://',
    ]) {
      expect(linkAddress(bad), bad).toBeNull();
    }
  });
});
