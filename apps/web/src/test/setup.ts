import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n';

// findBy… and waitFor give up after 1 s by default: on a CI machine running the other tiers beside
// this one, a screen's first answer has taken longer (two screens' tests failed at 1 s, passing alone).
// Waiting longer costs nothing when the screen is quick.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs; happy-dom lacks some of them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Mantine's autosizing Textarea listens for web fonts loading; happy-dom has no FontFaceSet.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} } as unknown as FontFaceSet,
  });
}

// Mantine's focus trap looks for a focusable element by layout (size, visibility), which happy-dom
// does not compute, and then logs the whole container node: thousands of lines per open popover in
// the test output. Only that one warning is dropped; focus and keyboard use are checked in Chromium
// by the e2e walks.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap] Failed to find focusable'))
    return;
  warn(...args);
};

await initI18n('en');

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // The files of a worker share their modules (vitest.config.ts): toasts left open by one would
  // fill Mantine's store (five at a time) and queue the next file's.
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  notifications.cleanQueue();
});
