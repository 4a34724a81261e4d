import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// react-router's package exports only point at its development build; production bundles use
// the production build it ships beside it (smaller, no dev warnings).
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ mode }) => ({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
          ]
        : [],
  },
  // The manifest lets scripts/check-size.mjs follow what each screen loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      // The console, and the public company page: its own small entry (server-rendered, no console bundle).
      input: {
        index: join(import.meta.dirname, 'index.html'),
        'public-page': join(import.meta.dirname, 'public-page.html'),
      },
      output: {
        // The input primitives every form uses (sign-in included) travel in one chunk: left to the
        // automatic splitting, the many lazy admin screens cut them into several tiny chunks and
        // the login screen paid their per-chunk overhead (over its 200 KB budget).
        codeSplitting: {
          groups: [
            {
              name: 'mantine-inputs',
              test: /@mantine[\\/]core[\\/].*[\\/](Input|InputBase|Anchor|CloseButton|TextInput|PasswordInput)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
