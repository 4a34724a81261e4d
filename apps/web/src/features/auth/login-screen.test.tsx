import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser } from '../../lib/browser';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import LoginScreen from './login-screen';

const originalAssign = browser.assign;
let assigned: string[] = [];
beforeEach(() => {
  assigned = [];
  browser.assign = (url) => assigned.push(url);
});
afterEach(() => {
  browser.assign = originalAssign;
});

describe('a company’s sign-in page (the test page is on acme)', () => {
  it('sends the browser to the base domain’s one sign-in, asked to come back to acme', async () => {
    sessionStore.reset({ status: 'signedOut' });
    renderScreen(<LoginScreen />, '/login');
    await expect.poll(() => assigned).toEqual(['http://localhost:3000/admin/login?to=acme']);
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('with something to say first (a refused link), shows it and its own form', async () => {
    sessionStore.reset({ status: 'signedOut', notice: 'This sign-in link is invalid or has expired. Please sign in.' });
    renderScreen(<LoginScreen />, '/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is invalid or has expired.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(assigned).toEqual([]);
  });
});
