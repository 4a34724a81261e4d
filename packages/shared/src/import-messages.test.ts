import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { IMPORT_ROW_KEYS, IMPORT_ROW_MESSAGES, importRowMessage } from './import-messages';
import { VALIDATION_KEYS, validationMessage } from './validation';

describe('import row messages', () => {
  it('has every key in every language, none shadowing the validation catalog', () => {
    for (const lang of LANGUAGES) {
      for (const key of IMPORT_ROW_KEYS) expect(IMPORT_ROW_MESSAGES[lang][key]).toMatch(/\S/);
    }
    expect(IMPORT_ROW_KEYS.filter((k) => (VALIDATION_KEYS as readonly string[]).includes(k))).toEqual([]);
  });

  it('falls back to the validation catalog for the shared rules', () => {
    expect(importRowMessage('managerCycle', 'de')).toBe(IMPORT_ROW_MESSAGES.de.managerCycle);
    expect(importRowMessage('endBeforeStart', 'ar')).toBe(validationMessage('endBeforeStart', 'ar'));
  });
});
