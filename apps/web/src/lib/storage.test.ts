import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLanguage, STORAGE_KEYS } from './storage';

describe('the console language on a first visit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.removeItem(STORAGE_KEYS.language);
  });

  it("follows the first of the browser's languages the console speaks, until one is chosen", () => {
    const browser = vi.spyOn(navigator, 'languages', 'get');
    browser.mockReturnValue(['ja-JP', 'ar-EG', 'en']);
    expect(readLanguage()).toBe('ar');
    browser.mockReturnValue(['pt-BR']);
    expect(readLanguage()).toBe('pt');
    browser.mockReturnValue(['ja', 'zh-CN']);
    expect(readLanguage()).toBe('en');
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    browser.mockReturnValue(['fr-FR']);
    expect(readLanguage()).toBe('de');
  });
});
