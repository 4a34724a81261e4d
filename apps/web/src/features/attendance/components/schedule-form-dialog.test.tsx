import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { ScheduleFormDialog } from './schedule-form-dialog';

afterEach(async () => {
  await setLanguage('en', false);
});

describe('a work schedule dialog', () => {
  it('names each working-day box after its day, in three columns that fit a phone', async () => {
    await setLanguage('de', false);
    const user = userEvent.setup();
    renderScreen(<ScheduleFormDialog onClose={() => {}} />);
    const table = within(await screen.findByRole('table', { name: 'Zeiten' }));
    // A fourth column of bare checkboxes ("Arbeitstag") pushed the end times past a 390 px dialog.
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Tag', 'Beginn', 'Ende']);
    const saturday = table.getByRole('checkbox', { name: 'Arbeitet am Samstag' });
    expect(saturday.closest('td')).toHaveTextContent('Samstag');
    expect(saturday).not.toBeChecked();
    await user.click(table.getByText('Samstag'));
    expect(saturday).toBeChecked();
    expect(table.getByRole('spinbutton', { name: 'Ende am Samstag, Stunden' })).toHaveValue('17');
  });
});
