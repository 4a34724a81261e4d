import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN, server } from '../test/server';
import { ApiError, type ApiClientDeps, createApiClient, OUTAGE_TOAST_MS } from './api-client';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<ApiClientDeps> = {}) {
  const calls = { unauthorized: 0, toasts: [] as string[] };
  let token: string | null = 'tok-1';
  const request = createApiClient({
    getAccessToken: () => token,
    isSignedIn: () => true,
    getLanguage: () => 'de',
    onUnauthorized: () => {
      calls.unauthorized++;
    },
    toastError: (m) => calls.toasts.push(m),
    fallbackMessage: (kind) => `fallback:${kind}`,
    origin: ORIGIN,
    ...overrides,
  });
  return { request, calls, setToken: (t: string | null) => (token = t) };
}

const error = (status: number, code: string, message: string) => HttpResponse.json({ code, message }, { status });

describe('api client', () => {
  it('sends Accept, Accept-Language and the Bearer token on every request', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${ORIGIN}/api/things`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { request } = client();
    await expect(request('/api/things')).resolves.toEqual({ ok: true });
    expect(seen?.get('accept')).toBe('application/json');
    expect(seen?.get('accept-language')).toBe('de');
    expect(seen?.get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token, and JSON bodies with their type', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${ORIGIN}/api/things`, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const { request, setToken } = client();
    setToken(null);
    await request('/api/things', { method: 'POST', body: { a: 1 } });
    expect(seen).toEqual({ auth: null, type: 'application/json', body: { a: 1 } });
  });

  it('a 401 while signed in ends the session (/logout) instead of toasting', async () => {
    server.use(http.get(`${ORIGIN}/api/things`, () => error(401, 'SESSION_REVOKED', 'Your session has been ended.')));
    const { request, calls } = client();
    await expect(request('/api/things')).rejects.toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect(calls).toEqual({ unauthorized: 1, toasts: [] });
  });

  it('a 401 while signed out is toasted, not a logout', async () => {
    server.use(http.get(`${ORIGIN}/api/things`, () => error(401, 'UNAUTHENTICATED', 'Please sign in to continue.')));
    const { request, calls } = client({ isSignedIn: () => false });
    await expect(request('/api/things')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual({ unauthorized: 0, toasts: ['Please sign in to continue.'] });
  });

  it('never toasts "Invalid credentials." nor "You are not part of any company."', async () => {
    server.use(
      http.post(`${ORIGIN}/api/jwt/login`, async ({ request }) => {
        const body = (await request.json()) as { email: string };
        return body.email === 'nobody@acme.com'
          ? error(403, 'NOT_PART_OF_ANY_COMPANY', 'You are not part of any company.')
          : error(401, 'INVALID_CREDENTIALS', 'Invalid credentials.');
      }),
    );
    const { request, calls } = client({ isSignedIn: () => false, getAccessToken: () => null });
    await expect(request('/api/jwt/login', { method: 'POST', body: { email: 'a@acme.com' } })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials.',
    });
    await expect(
      request('/api/jwt/login', { method: 'POST', body: { email: 'nobody@acme.com' } }),
    ).rejects.toMatchObject({ code: 'NOT_PART_OF_ANY_COMPANY', message: 'You are not part of any company.' });
    expect(calls).toEqual({ unauthorized: 0, toasts: [] });
  });

  it("toasts the server's translated message and keeps its field issues", async () => {
    server.use(
      http.post(`${ORIGIN}/api/things`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Einige Felder sind ungültig.',
            issues: [{ path: 'email', code: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { request, calls } = client();
    const e = await request('/api/things', { method: 'POST', body: {} }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).issues).toHaveLength(1);
    // Nobody showed it on a field: the toast follows once the caller has had its turn.
    await new Promise((r) => setTimeout(r, 5));
    expect(calls.toasts).toEqual(['Einige Felder sind ungültig.']);

    // A form that shows it on its field claims it in its catch: no toast repeats it.
    const claimed = (await request('/api/things', { method: 'POST', body: {} }).catch((x: ApiError) => {
      x.claim();
      return x;
    })) as ApiError;
    expect(claimed.claimed).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(calls.toasts).toEqual(['Einige Felder sind ungültig.']);
  });

  it('renews an expired access token once and retries', async () => {
    const auths: (string | null)[] = [];
    server.use(
      http.get(`${ORIGIN}/api/things`, ({ request }) => {
        auths.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer tok-2'
          ? HttpResponse.json({ ok: true })
          : error(401, 'TOKEN_EXPIRED', 'Your session has expired.');
      }),
    );
    const { request, calls, setToken } = client({
      renewAccessToken: async () => {
        setToken('tok-2');
        return 'tok-2';
      },
    });
    await expect(request('/api/things')).resolves.toEqual({ ok: true });
    expect(auths).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(calls).toEqual({ unauthorized: 0, toasts: [] });
  });

  it('a silent request neither toasts nor logs out', async () => {
    server.use(http.get(`${ORIGIN}/api/things`, () => error(401, 'REFRESH_INVALID', 'Your session has ended.')));
    const { request, calls } = client();
    await expect(request('/api/things', { silent: true })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    expect(calls).toEqual({ unauthorized: 0, toasts: [] });
  });

  it('a network failure or a non-JSON 5xx gives a generic message, never a stack trace', async () => {
    server.use(
      http.get(`${ORIGIN}/api/down`, () => HttpResponse.error()),
      http.get(`${ORIGIN}/api/broken`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const { request, calls } = client();
    await expect(request('/api/down')).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(request('/api/broken')).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
    // The 502 follows the network failure within OUTAGE_TOAST_MS: said once (see below).
    expect(calls.toasts).toEqual(['fallback:network']);
  });

  it('says so in the user’s language when the answer carries no message of the server’s', async () => {
    server.use(
      http.get(`${ORIGIN}/api/down`, () => HttpResponse.error()),
      http.get(`${ORIGIN}/api/gateway`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
      http.get(`${ORIGIN}/api/big`, () => new HttpResponse('<html>Too large</html>', { status: 413 })),
      http.get(`${ORIGIN}/api/own`, () => error(503, 'SERVICE_UNAVAILABLE', 'Der Dienst ist kurz nicht erreichbar.')),
    );
    const { request, calls } = client({ fallbackMessage: (kind) => `de:${kind}` });
    await expect(request('/api/down')).rejects.toMatchObject({ code: 'NETWORK', message: 'de:network' });
    await expect(request('/api/gateway')).rejects.toMatchObject({ status: 502, message: 'de:unavailable' });
    await expect(request('/api/big')).rejects.toMatchObject({ status: 413, message: 'de:failed' });
    await expect(request('/api/own')).rejects.toMatchObject({ message: 'Der Dienst ist kurz nicht erreichbar.' });
    // The outage is toasted once (the 502 and the 503 follow within OUTAGE_TOAST_MS); the 413 is not one.
    expect(calls.toasts).toEqual(['de:network', 'de:failed']);
  });

  it('says the service is away once while it stays away, then again after a while', async () => {
    server.use(
      http.get(`${ORIGIN}/api/a`, () => error(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable.')),
      http.get(`${ORIGIN}/api/b`, () => HttpResponse.error()),
      http.get(`${ORIGIN}/api/c`, () => error(404, 'NOT_FOUND', 'Not found.')),
    );
    const { request, calls } = client();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await expect(request('/api/a')).rejects.toMatchObject({ status: 503 });
    await expect(request('/api/a')).rejects.toMatchObject({ status: 503 });
    await expect(request('/api/b')).rejects.toMatchObject({ code: 'NETWORK' });
    // Anything else is still said every time.
    await expect(request('/api/c')).rejects.toMatchObject({ status: 404 });
    await expect(request('/api/c')).rejects.toMatchObject({ status: 404 });
    now.mockReturnValue(1_000_000 + OUTAGE_TOAST_MS);
    await expect(request('/api/a')).rejects.toMatchObject({ status: 503 });
    now.mockRestore();
    expect(calls.toasts).toEqual(['Briefly unavailable.', 'Not found.', 'Not found.', 'Briefly unavailable.']);
  });

  it('a write refused during an outage is said every time, in words that say nothing was changed', async () => {
    server.use(
      http.get(`${ORIGIN}/api/list`, () => error(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable.')),
      http.post(`${ORIGIN}/api/attendance/me/clock-out`, () =>
        error(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable.'),
      ),
      http.patch(`${ORIGIN}/api/profile`, () => HttpResponse.error()),
      http.post(`${ORIGIN}/api/jwt/login`, () => error(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable.')),
      http.post(`${ORIGIN}/api/teams`, () => error(503, 'SAVE_OUTCOME_UNKNOWN', 'It may or may not have been saved.')),
    );
    const { request, calls } = client();
    const now = vi.spyOn(Date, 'now').mockReturnValue(2_000_000);
    // A screen's read says the outage once…
    await expect(request('/api/list')).rejects.toMatchObject({ status: 503, message: 'Briefly unavailable.' });
    await expect(request('/api/list')).rejects.toMatchObject({ status: 503 });
    // …and a click during it is still answered, each time (before: absorbed, the click said nothing).
    const clockOut = () => request('/api/attendance/me/clock-out', { method: 'POST' });
    await expect(clockOut()).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'fallback:notDone',
    });
    await expect(clockOut()).rejects.toMatchObject({ message: 'fallback:notDone' });
    // No answer at all: the write may have been done before it was lost, so not "nothing was changed".
    await expect(request('/api/profile', { method: 'PATCH', body: {} })).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'fallback:network',
    });
    // A form that shows the failure itself (a silent call) shows these words, and is not toasted.
    await expect(request('/api/attendance/me/clock-out', { method: 'POST', silent: true })).rejects.toMatchObject({
      message: 'fallback:notDone',
    });
    // The session's own calls keep the server's words: the person changed nothing there.
    await expect(request('/api/jwt/login', { method: 'POST', body: {}, silent: true })).rejects.toMatchObject({
      message: 'Briefly unavailable.',
    });
    // The connection went while the COMMIT was on its way: the server's words (it may have been saved).
    await expect(request('/api/teams', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 503,
      code: 'SAVE_OUTCOME_UNKNOWN',
      message: 'It may or may not have been saved.',
    });
    now.mockRestore();
    expect(calls.toasts).toEqual([
      'Briefly unavailable.',
      'fallback:notDone',
      'fallback:notDone',
      'fallback:network',
      'It may or may not have been saved.',
    ]);
  });

  it('encodes query parameters, repeating array ones', async () => {
    let url = '';
    server.use(
      http.get(`${ORIGIN}/api/users/u1/user_company_profiles`, ({ request }) => {
        url = request.url;
        return HttpResponse.json({ data: [] });
      }),
    );
    await client().request('/api/users/u1/user_company_profiles', {
      query: { itemsPerPage: 50, 'groups[]': ['roles', 'company'] },
    });
    expect(new URL(url).search).toBe('?itemsPerPage=50&groups%5B%5D=roles&groups%5B%5D=company');
  });
});
