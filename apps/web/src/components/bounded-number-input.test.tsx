import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatterFor } from '../lib/format';
import { setLanguage } from '../lib/i18n';
import { renderScreen } from '../test/render';
import { BoundedNumberInput } from './bounded-number-input';

afterEach(async () => {
  await setLanguage('en', false);
});

function Field({ onValue }: { onValue: (v: number | string) => void }) {
  const [value, setValue] = useState<number | string>(14);
  return (
    <BoundedNumberInput
      label="Days to acknowledge"
      min={1}
      max={365}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('bounded number field', () => {
  it('keeps a number outside its range as typed and says the range, in the reader language', async () => {
    const user = userEvent.setup();
    let last: number | string = 14;
    renderScreen(<Field onValue={(v) => (last = v)} />);
    const input = screen.getByRole('textbox', { name: 'Days to acknowledge' });
    await user.clear(input);
    await user.type(input, '400');
    await user.tab();
    // Not changed to 365 on leaving the field.
    expect(input).toHaveValue('400');
    expect(last).toBe(400);
    expect(screen.getByText('Enter a number from 1 to 365.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '30');
    expect(screen.queryByText('Enter a number from 1 to 365.')).not.toBeInTheDocument();
  });

  it('says the range in Arabic, its numbers formatted for it', async () => {
    await setLanguage('ar', false);
    const user = userEvent.setup();
    renderScreen(<Field onValue={() => {}} />);
    const input = screen.getByRole('textbox');
    await user.clear(input);
    await user.type(input, '0');
    const ar = formatterFor('ar');
    expect(screen.getByText(`أدخل رقمًا من ${ar.number(1)} إلى ${ar.number(365)}.`)).toBeInTheDocument();
  });

  it('shows a decimal with the reader’s mark: 1,5 in German, typed with a comma or a point', async () => {
    await setLanguage('de', false);
    const user = userEvent.setup();
    let last: number | string = 14;
    renderScreen(<Field onValue={(v) => (last = v)} />);
    const input = screen.getByRole('textbox');
    await user.clear(input);
    await user.type(input, '1,5');
    expect(input).toHaveValue('1,5');
    expect(last).toBe(1.5);
    await user.clear(input);
    await user.type(input, '2.25');
    expect(input).toHaveValue('2,25');
    expect(last).toBe(2.25);
  });
});
