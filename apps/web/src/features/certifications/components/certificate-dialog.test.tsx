import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { CertificateDialog } from './certificate-dialog';

const open = (evidenceRequired: boolean) =>
  renderScreen(
    <CertificateDialog
      title="Upload my certificate"
      intro="First aid"
      today="2026-11-28"
      validityMonths={24}
      evidenceRequired={evidenceRequired}
      submitLabel="Send for approval"
      saving={false}
      onSave={async () => {}}
      onClose={() => {}}
    />,
  );

afterEach(async () => {
  await setLanguage('en', false);
});

describe('a certificate dialog', () => {
  it('does not call required evidence optional', async () => {
    await setLanguage('pt', false);
    open(true);
    // The asterisk and 'Opcional: …' said both at once.
    const hint = await screen.findByText('Um ficheiro PDF, PNG ou JPEG de no máximo 2 MB.');
    expect(hint).toBeInTheDocument();
    expect(screen.queryByText(/^Opcional/)).toBeNull();
  });

  it('still says optional evidence is optional', async () => {
    open(false);
    expect(await screen.findByText('Optional: a PDF, PNG or JPEG file of at most 2 MB.')).toBeInTheDocument();
  });

  it('takes the focus to the missing evidence when a send is refused', async () => {
    const user = userEvent.setup();
    open(true);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    // It stayed on the button: nothing told a keyboard or screen-reader user what was missing.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Evidence/ })).toHaveFocus());
  });

  it('names the button that removes a chosen file', async () => {
    const user = userEvent.setup();
    open(false);
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'first-aid.pdf', { type: 'application/pdf' }));
    // A bare close button once a file was chosen (axe button-name, critical).
    expect(await screen.findByRole('button', { name: 'Remove the file' })).toBeInTheDocument();
  });
});
