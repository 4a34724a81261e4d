import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { SimpleTable } from './section-card';

describe('SimpleTable', () => {
  it('names every pagination control, the disabled arrows included, inside a labelled navigation', async () => {
    renderScreen(
      <SimpleTable
        caption="Sessions"
        columns={['Device']}
        empty="None"
        isEmpty={false}
        pages={3}
        page={1}
        onPage={() => {}}
      >
        <tr>
          <td>Chrome</td>
        </tr>
      </SimpleTable>,
    );
    const nav = await screen.findByRole('navigation');
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const b of buttons) expect(b.getAttribute('aria-label'), b.outerHTML).toBeTruthy();
  });

  it('keeps a caption that repeats its card title for screen readers only', async () => {
    renderScreen(
      <SimpleTable caption="Policies to read" captionHidden columns={['Policy']} empty="None" isEmpty={false}>
        <tr>
          <td>Code of Conduct</td>
        </tr>
      </SimpleTable>,
    );
    const table = await screen.findByRole('table', { name: 'Policies to read' });
    expect(table.querySelector('caption')!.className).toContain('caption-hidden');
  });
});
