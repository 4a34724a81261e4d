import { afterEach, describe, expect, it } from 'vitest';
import { fileSizeError } from './files';
import { setLanguage } from './i18n';

afterEach(() => setLanguage('en', false));

describe('fileSizeError', () => {
  it('accepts up to exactly 2097152 bytes and refuses one byte more with the product text', () => {
    expect(fileSizeError(new File([new Uint8Array(2_097_152)], 'logo.png'))).toBeUndefined();
    expect(fileSizeError(new File([new Uint8Array(2_097_153)], 'logo.png'))).toBe(
      'File size exceeds 2MB. Please select a smaller file.',
    );
    expect(fileSizeError(null)).toBeUndefined();
  });

  it('speaks the UI language', async () => {
    await setLanguage('fr', false);
    expect(fileSizeError({ size: 3_000_000 })).toBe('Le fichier dépasse 2 Mo. Veuillez choisir un fichier plus petit.');
  });
});
