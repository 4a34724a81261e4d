import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { preloadRoute, router } from './app/router';
import { initI18n } from './lib/i18n';
import { startSession } from './lib/session/session';
import { sessionStore } from './lib/session/store';

async function boot() {
  // The screen's chunks come while the translations load and the session starts.
  preloadRoute(window.location.pathname);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  void startSession();
  // The real-time socket comes with the first ready session, in its own chunk (not on sign-in screens).
  const stop = sessionStore.subscribe((s) => {
    if (s.status !== 'ready') return;
    stop();
    void import('./lib/realtime/realtime-session').then((m) => m.bindRealtimeToSession());
  });
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
