import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderScreen } from '../test/render';
import { ColorField } from './color-field';

const w = window as unknown as { EyeDropper?: unknown };

afterEach(async () => {
  delete w.EyeDropper;
  await setLanguage('en', false);
});

describe('colour field', () => {
  it('names its eye dropper and its sliders in the reader language', async () => {
    // Chromium has an eye dropper; the field then shows a button for it (jsdom has none).
    w.EyeDropper = class {
      open() {
        return Promise.resolve({ sRGBHex: '#000000' });
      }
    };
    await setLanguage('de', false);
    const user = userEvent.setup();
    renderScreen(<ColorField label="Farbe" value="#228be6" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Farbe vom Bildschirm aufnehmen' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Farbe' }));
    // (For jsdom the picker is mid-transition, so its sliders are found with `hidden`.)
    expect(await screen.findByRole('slider', { name: 'Sättigung', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Farbton', hidden: true })).toBeInTheDocument();
  });
});
