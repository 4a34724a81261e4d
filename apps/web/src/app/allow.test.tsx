import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onToast, type ToastRequest } from '../lib/notify';
import { noteSwitchArrival } from '../lib/session/session';
import type { Profile } from '../lib/session/start';
import { sessionStore } from '../lib/session/store';
import { renderScreen } from '../test/render';
import Allow from './allow';

const GLOBEX_MEMBER: Profile = {
  uuid: '44444444-4444-4444-8444-444444444444',
  enabled: true,
  roles: [{ name: 'member' }],
  company: {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Globex',
    logo: null,
    subDomain: 'globex',
    enabled: true,
  },
};
const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Anders',
  phone: null,
  avatar: null,
  language: null,
  roles: [],
  companyUuids: [GLOBEX_MEMBER.company.uuid],
};

/** Teams is an admin screen: a member may not read subject `team`. */
const renderAt = (path: string) =>
  renderScreen(
    <Routes>
      <Route index element={<p>dashboard</p>} />
      <Route element={<Allow subject="team" />}>
        <Route path="teams" element={<p>teams</p>} />
      </Route>
    </Routes>,
    path,
  );

/** A part of the page that suspends until `slowPart.loading` settles. */
const slowPart = { loaded: true, loading: Promise.resolve() };
function SlowPart() {
  if (!slowPart.loaded) throw slowPart.loading;
  return null;
}

let toasts: ToastRequest[] = [];
let stop: () => void;
beforeEach(() => {
  toasts = [];
  stop = onToast((t) => toasts.push(t));
  sessionStore.reset({
    status: 'ready',
    user: USER,
    profiles: [GLOBEX_MEMBER],
    current: GLOBEX_MEMBER,
    disabled: false,
  });
});
afterEach(() => stop());

describe('a screen the company does not allow', () => {
  it('right after a switch that kept the path: the dashboard, and a toast that says why', async () => {
    noteSwitchArrival('/teams');
    renderAt('/teams');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toEqual(['That screen is not open to you in Globex: here is its dashboard.']);
  });

  it('opened any other way: "You are not authorized!", no toast', async () => {
    noteSwitchArrival('/somewhere-else');
    renderAt('/teams');
    expect(await screen.findByText(/not authorized/i)).toBeInTheDocument();
    expect(screen.queryByText('dashboard')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('right after a switch, also when the first render of the screen was thrown away by a suspension', async () => {
    // A slow part of the page (a lazy chunk on a loaded machine) suspends in the same first render:
    // React discards that render, state included, and renders again when the part has loaded.
    slowPart.loaded = false;
    slowPart.loading = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => {
      slowPart.loaded = true;
    });
    noteSwitchArrival('/teams');
    renderScreen(
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route index element={<p>dashboard</p>} />
          <Route element={<Allow subject="team" />}>
            <Route path="teams" element={<p>teams</p>} />
          </Route>
        </Routes>
        <SlowPart />
      </Suspense>,
      '/teams',
    );
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toEqual(['That screen is not open to you in Globex: here is its dashboard.']);
  });
});
