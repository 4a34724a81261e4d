import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { HolidayFormDialog } from './holiday-form-dialog';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the public holiday dialog', () => {
  it('takes the focus to the first field a refused save names', async () => {
    const user = userEvent.setup();
    renderScreen(<HolidayFormDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add a public holiday' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    // It stayed on Save: nothing told a keyboard or screen-reader user what was missing.
    await waitFor(() => expect(within(dialog).getByTestId('holiday-date')).toHaveFocus());
  });

  it('takes it to the name when only the name is missing', async () => {
    const user = userEvent.setup();
    renderScreen(
      <HolidayFormDialog
        holiday={{ uuid: '80000000-0000-4000-8000-000000000001', date: '2026-11-26', name: ' ' }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus());
  });
});
