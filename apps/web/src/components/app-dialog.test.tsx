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

/** A list whose row leaves once approved: read again `delay` ms after the dialog closed, or before it (below 0). */
function ApprovedAway({ delay }: { delay: number }) {
  const [rows, setRows] = useState(['Bob', 'Dev']);
  const [open, setOpen] = useState<string | null>(null);
  const approve = (name: string) => {
    const gone = () => setRows((r) => r.filter((x) => x !== name));
    // The list is read again (after or before the dialog closes): the approved row is gone.
    if (delay < 0) gone();
    setOpen(null);
    if (delay >= 0) setTimeout(gone, delay);
  };
  return (
    <main tabIndex={-1} aria-label="Content">
      {rows.map((name) => (
        <Button key={name} onClick={() => setOpen(name)}>{`Approve ${name}`}</Button>
      ))}
      {open && (
        <AppDialog opened onClose={() => setOpen(null)} title="Approve">
          <Button data-autofocus onClick={() => approve(open)}>
            Confirm
          </Button>
        </AppDialog>
      )}
    </main>
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

  it.each([
    ['a moment after the dialog closed', 50],
    ['before the dialog closed', -1],
  ])(
    'gives the focus to the page content when what opened it leaves with the row it acted on, %s',
    async (_, delay) => {
      const user = userEvent.setup();
      renderScreen(<ApprovedAway delay={delay} />);
      await user.click(screen.getByRole('button', { name: 'Approve Bob' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Bob' })).toBeNull());
      await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    },
  );
});
