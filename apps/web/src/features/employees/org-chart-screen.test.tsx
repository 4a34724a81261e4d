import type { OrgNode } from '@wac/shared/schemas/employees';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import OrgChartScreen from './org-chart-screen';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

const uuid = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (n: number, reportCount = 0): OrgNode => ({
  uuid: uuid(n),
  firstName: 'Person',
  lastName: String(n).padStart(3, '0'),
  avatar: null,
  jobTitle: null,
  department: null,
  reportCount,
});
const boss = { ...person(0, 150), firstName: 'Big', lastName: 'Boss' };
const reports = Array.from({ length: 150 }, (_, i) => person(i + 1));

/** A chart of one manager with 150 reports, paged by the API as the server pages it; the calls are recorded. */
function chartApi() {
  const calls: string[] = [];
  server.use(
    http.get(`${ORIGIN}/api/employees/org-chart`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q.toString());
      if (!q.get('managerUuid')) return HttpResponse.json({ data: [boss], hasMore: false });
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 200);
      return HttpResponse.json({
        data: reports.slice(offset, offset + limit),
        hasMore: offset + limit < reports.length,
      });
    }),
    // The person search's first page (not used here).
    http.get(`${ORIGIN}/api/employees`, () =>
      HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 }),
    ),
    http.get(`${ORIGIN}/api/employees/:uuid/org-path`, ({ params }) =>
      HttpResponse.json({ data: [boss, reports.find((r) => r.uuid === params.uuid)!] }),
    ),
  );
  return calls;
}

describe('org chart', () => {
  it('shows a level a page at a time: "Show more people" by keyboard loads the next page and focuses its first person', async () => {
    const calls = chartApi();
    const user = userEvent.setup();
    renderScreen(<OrgChartScreen />, '/org-chart');
    const top = await screen.findByRole('treeitem', { name: /Big Boss/ });
    top.focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('treeitem', { name: /^Person 100/ })).toBeInTheDocument();
    expect(screen.queryByRole('treeitem', { name: /^Person 101/ })).toBeNull();
    // Unknown size while more can come.
    expect(screen.getByRole('treeitem', { name: /^Person 001/ })).toHaveAttribute('aria-setsize', '-1');
    await user.keyboard('{End}');
    const more = screen.getByRole('treeitem', { name: 'Show more people' });
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('treeitem', { name: /^Person 101/ });
    await waitFor(() => expect(first).toHaveFocus());
    expect(screen.getByRole('treeitem', { name: /^Person 150/ })).toHaveAttribute('aria-setsize', '150');
    expect(screen.queryByRole('treeitem', { name: 'Show more people' })).toBeNull();
    expect(calls.filter((c) => c.includes('managerUuid'))).toEqual([
      `managerUuid=${boss.uuid}&limit=100&offset=0`,
      `managerUuid=${boss.uuid}&limit=100&offset=100`,
    ]);
  });

  it('focuses a searched person beyond the first page without loading every page', async () => {
    const calls = chartApi();
    renderScreen(<OrgChartScreen />, `/org-chart?focus=${uuid(140)}`);
    const target = await screen.findByRole('treeitem', { name: /^Person 140/ });
    await waitFor(() => expect(target).toHaveFocus());
    expect(screen.queryByRole('treeitem', { name: /^Person 139/ })).toBeNull();
    expect(screen.getByRole('treeitem', { name: 'Show more people' })).toBeInTheDocument();
    expect(calls.filter((c) => c.includes('offset=100'))).toEqual([]);
  });

  it('while a level loads, the tree and its groups own tree items only: busy, the loading said beside the tree', async () => {
    // The top answers at once; a manager's reports wait until released.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let top!: () => void;
    const topHeld = new Promise<void>((r) => {
      top = r;
    });
    server.use(
      http.get(`${ORIGIN}/api/employees/org-chart`, async ({ request }) => {
        const q = new URL(request.url).searchParams;
        if (!q.get('managerUuid')) {
          await topHeld;
          return HttpResponse.json({ data: [boss], hasMore: false });
        }
        await held;
        return HttpResponse.json({ data: reports.slice(0, 3), hasMore: false });
      }),
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<OrgChartScreen />, '/org-chart');
    const tree = await screen.findByRole('tree');
    // Only tree items (or nothing with a role) inside a tree or a group, whatever is loading.
    const ownsItemsOnly = (list: HTMLElement) =>
      [...list.children].every((li) => ['treeitem', 'none'].includes(li.getAttribute('role') ?? '')) &&
      list.querySelectorAll('[role="status"]').length === 0;
    expect(tree).toHaveAttribute('aria-busy', 'true');
    expect(ownsItemsOnly(tree)).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    top();
    const bossItem = await screen.findByRole('treeitem', { name: /Big Boss/ });
    expect(tree).toHaveAttribute('aria-busy', 'false');
    bossItem.focus();
    await user.keyboard('{ArrowRight}');
    const group = await screen.findByRole('group');
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(ownsItemsOnly(group)).toBe(true);
    release();
    expect(await screen.findByRole('treeitem', { name: /^Person 001/ })).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-busy', 'false');
    expect(ownsItemsOnly(group)).toBe(true);
  });
});
