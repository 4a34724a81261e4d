import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const ORIGIN = 'http://acme.localhost:3000';

/**
 * An HTTP server double for UI tests (MSW); tests register the answers they need. Presence and
 * product links, which several screens show beside their own data, answer "offline" and "no links"
 * unless a test says otherwise.
 */
export const server = setupServer(
  http.get(`${ORIGIN}/api/presence`, ({ request }) =>
    HttpResponse.json({
      data: Object.fromEntries(
        (new URL(request.url).searchParams.get('uuids') ?? '')
          .split(',')
          .filter(Boolean)
          .map((u) => [u, 'offline']),
      ),
    }),
  ),
  http.get(`${ORIGIN}/api/product-links/:uuid`, () => HttpResponse.json({ scheduleUrl: null, callUrl: null })),
);
