import { sessionStore } from '../lib/session/store';

/**
 * Signed in on acme with these roles, as a screen test needs it: the console hides what the shared
 * rules forbid these roles, so a test says which ones it renders for (and, where it matters, who).
 */
export function signInAs(
  roles: string[] = ['admin'],
  user: { uuid?: string; email?: string; firstName?: string; lastName?: string } = {},
) {
  sessionStore.set({
    status: 'ready',
    user: { uuid: 'u1', email: 'a@acme.test', firstName: 'A', lastName: 'B', roles: [], ...user } as never,
    current: {
      uuid: 'm1',
      enabled: true,
      roles: roles.map((name) => ({ name })),
      company: { uuid: 'c1', name: 'Acme', logo: null, subDomain: 'acme', enabled: true },
    },
  });
}
