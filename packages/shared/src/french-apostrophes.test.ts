import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './error-messages';
import { IMPORT_ROW_MESSAGES } from './import-messages';
import { SUCCESS_MESSAGES } from './messages';
import { PUBLIC_PAGE_STRINGS } from './public-page-strings';
import { VALIDATION_MESSAGES } from './validation';

/** French writes its apostrophe one way, the typographic ’ (l’entreprise), as the console's catalogs do. */
const straight = (catalog: Record<string, string>) =>
  Object.entries(catalog)
    .filter(([, text]) => text.includes("'"))
    .map(([key]) => key);

describe('the French messages the server sends', () => {
  it('use the typographic apostrophe, as the console around them does', () => {
    // "Vous n'avez pas pointé votre arrivée." beside "Heures affichées dans le fuseau de l’entreprise".
    expect(straight(ERROR_MESSAGES.fr)).toEqual([]);
    expect(straight(VALIDATION_MESSAGES.fr)).toEqual([]);
    expect(straight(IMPORT_ROW_MESSAGES.fr)).toEqual([]);
    expect(straight(PUBLIC_PAGE_STRINGS.fr as unknown as Record<string, string>)).toEqual([]);
    expect(straight(Object.fromEntries(Object.entries(SUCCESS_MESSAGES).map(([k, v]) => [k, v.fr])))).toEqual([]);
  });
});
