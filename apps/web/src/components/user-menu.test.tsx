import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SessionState, sessionStore } from '../lib/session/store';
import { renderScreen } from '../test/render';
import { ORIGIN, server } from '../test/server';
import { UserMenu } from './user-menu';

const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Super',
  phone: null,
  avatar: null,
  language: null,
  roles: ['super_admin', 'super_admin_write'],
  companyUuids: [],
};

let asked: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
});
afterAll(() => {
  server.events.removeAllListeners();
  server.close();
});
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
  asked = [];
});

const show = async (visiting: SessionState['visiting']) => {
  server.use(
    http.get(`${ORIGIN}/api/presence`, () => HttpResponse.json({ data: { [USER.uuid]: 'online' } })),
    http.get(`${ORIGIN}/api/product-links/${USER.uuid}`, () =>
      HttpResponse.json({ scheduleUrl: 'https://scheduling.example.com/scheduling/schedule/1', callUrl: null }),
    ),
  );
  sessionStore.reset({ status: 'ready', user: USER, visiting });
  renderScreen(<UserMenu />);
  expect(await screen.findByText('SS')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
};

describe('user menu', () => {
  it('asks for a member’s own links into the other products', async () => {
    await show(null);
    expect(asked).toContain(`/api/product-links/${USER.uuid}`);
  });

  it('does not ask for them when a super admin visits a company he is no member of (its answer, 404, was a toast on every screen)', async () => {
    await show({ write: true });
    expect(asked).toContain('/api/presence');
    expect(asked).not.toContain(`/api/product-links/${USER.uuid}`);
  });
});
