import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { AppDialog } from './app-dialog';

/** The way most screens show a dialog: rendered only while open, always `opened`. */
function OpenedWhileShown() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button onClick={() => setShown(true)}>Request time off</Button>
      {shown && (
        <AppDialog opened onClose={() => setShown(false)} title="Request">
          <Button data-autofocus>Inside</Button>
          <Button onClick={() => setShown(false)}>Cancel</Button>
        </AppDialog>
      )}
    </>
  );
}

describe('AppDialog', () => {
  it('hands the focus back to what opened it when it unmounts on Escape', async () => {
    const user = userEvent.setup();
    renderScreen(<OpenedWhileShown />);
    await user.click(screen.getByRole('button', { name: 'Request time off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request time off' })).toHaveFocus());
  });

  it('hands the focus back when a button inside closes it', async () => {
    const user = userEvent.setup();
    renderScreen(<OpenedWhileShown />);
    await user.click(screen.getByRole('button', { name: 'Request time off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request time off' })).toHaveFocus());
  });
});
