/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The employment contract text is imported from the contracts service's templates (one source).
    fs: {
      allow: [
        searchForWorkspaceRoot(process.cwd()),
        fileURLToPath(new URL('../services/contracts/contracts/templates', import.meta.url)),
      ],
    },
    // The Traefik gateway routes /api to the services (design.md "The shape").
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks for what every route needs whole, so app releases do not invalidate the
        // browser's cache of them. Everything else splits along the lazy routes and tabs (issue 18 "First load":
        // admin, dashboard, signing and date pickers load only where used): a group takes every module it
        // matches, so a catch-all vendor group would pull them all into `/`.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // Only pages with forms need these; on their own they cannot ride along with shared UI code.
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // The default 5 s is too short for a dialog-heavy test when the suite shares 2 cores with the stack's.
    testTimeout: 20000,
    include: ['src/**/*.test.{ts,tsx}'],
    // Route tests render pages at once and mock features as before; lazy-page.test.ts covers the splitting.
    alias: [
      {
        find: /^@\/app\/pages\/lazy-pages$/,
        replacement: fileURLToPath(new URL('./src/app/pages/eager-pages.ts', import.meta.url)),
      },
    ],
  },
});
