import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRefusedField } from './forms';

function Form({ check }: { check: (values: { a: string; b: string }) => { a?: string; b?: string } }) {
  const { formRef, refuse } = useFocusRefusedField();
  const [errors, setErrors] = useState<{ a?: string; b?: string }>({});
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const found = check({ a: String(data.get('a')), b: String(data.get('b')) });
        setErrors(found);
        if (found.a || found.b) refuse();
      }}
    >
      <input name="a" aria-label="A" aria-invalid={errors.a ? true : undefined} />
      {/* A field marking its box, not its inputs (as a time field does): its first empty input takes the focus. */}
      <div aria-invalid={errors.b ? true : undefined}>
        <input name="b" aria-label="B" defaultValue="" />
      </div>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFocusRefusedField', () => {
  it('moves the focus from the send button to the first refused field, once its message is shown', async () => {
    const user = userEvent.setup();
    render(<Form check={(v) => ({ a: v.a ? undefined : 'required', b: v.b ? undefined : 'required' })} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'A' })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: 'A' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'B' })).toHaveFocus());
  });

  it('leaves the focus alone when nothing is refused', async () => {
    const user = userEvent.setup();
    render(<Form check={() => ({})} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});
