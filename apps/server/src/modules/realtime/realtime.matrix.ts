import { type MatrixRoute, signedIn } from '../../test/matrix';

/**
 * Real-time routes in the authorization matrix (see test/matrix.ts). Any signed-in user gets a
 * ticket on the Host their session lives on: it always opens their own user channel (where
 * `user_logged_out` and the disabled notice arrive); the company channel is checked at subscribe.
 */
export const realtimeMatrix: MatrixRoute[] = [
  {
    route: 'POST /api/realtime/ticket',
    request: () => ({ url: '/api/realtime/ticket' }),
    expect: signedIn(200),
  },
];
