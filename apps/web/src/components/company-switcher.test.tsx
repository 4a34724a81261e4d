import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { onToast } from '../lib/notify';
import { sessionStore } from '../lib/session/store';
import { renderScreen } from '../test/render';
import { ORIGIN, server } from '../test/server';
import { CompanySwitcher } from './company-switcher';

const profile = (uuid: string, name: string, enabled: boolean) => ({
  uuid: `m-${uuid}`,
  enabled,
  roles: [{ name: 'member' }],
  company: { uuid, name, logo: null, subDomain: name.toLowerCase(), enabled: true },
});
const acme = profile('c1', 'Acme', true);
const globex = profile('c2', 'Globex', false);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  sessionStore.reset();
  await setLanguage('en', false);
});

const signInBob = (profiles = [acme, globex]) =>
  sessionStore.set({
    status: 'ready',
    user: { uuid: 'u1', email: 'bob@acme.test', firstName: 'Bob', lastName: 'Brown', roles: [] } as never,
    profiles,
    current: acme,
  } as never);

let stopToasts = () => {};
afterEach(() => stopToasts());

/** Opens the switcher, chooses Globex and answers the toasts said since. */
async function chooseGlobex() {
  const toasts: string[] = [];
  stopToasts = onToast((t) => toasts.push(t.message));
  const user = userEvent.setup();
  renderScreen(<CompanySwitcher />);
  await user.click(screen.getByTestId('company-switcher'));
  await user.click(await screen.findByRole('button', { name: /Globex/, hidden: true }));
  return toasts;
}

describe('the company switcher', () => {
  it('tells Bob his account in a company is disabled instead of asking for a code and failing twice', async () => {
    await setLanguage('de', false);
    signInBob();
    const asked: string[] = [];
    server.use(
      http.post(`${ORIGIN}/api/jwt/switch-code`, () => {
        asked.push('code');
        return HttpResponse.json({ code: 'FORBIDDEN', message: 'Dazu sind Sie nicht berechtigt.' }, { status: 403 });
      }),
    );
    const toasts = await chooseGlobex();
    // It said 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.' and 'Dazu sind Sie nicht berechtigt.'.
    await waitFor(() =>
      expect(toasts).toEqual([
        'Ihr Konto bei Globex ist deaktiviert. Bitte wenden Sie sich an die Administration dort.',
      ]),
    );
    expect(asked).toEqual([]);
  });

  it('says the same, once, when the membership was disabled after the list was read', async () => {
    signInBob([acme, { ...globex, enabled: true }]);
    server.use(
      http.post(`${ORIGIN}/api/jwt/switch-code`, () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'You are not allowed to do that.' }, { status: 403 }),
      ),
    );
    const toasts = await chooseGlobex();
    await waitFor(() => expect(toasts).toEqual(['Your account in Globex is disabled. Please contact its admin.']));
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts).toHaveLength(1);
  });
});
