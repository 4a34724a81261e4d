import { setupServer } from 'msw/node';

/** An HTTP server double for UI tests (MSW); tests register the answers they need. */
export const server = setupServer();
export const ORIGIN = 'http://acme.localhost:3000';
