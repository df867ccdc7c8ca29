/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `root` imports, directly or through others, without the lazy imports (memoised per build). */
function staticallyReachedFrom(root: string): (id: string, graph: ModuleGraph) => boolean {
  let reached: Set<string> | undefined;
  let rootInfo: unknown;
  return (id, graph) => {
    const info = graph.getModuleInfo(root);
    if (info !== rootInfo) {
      rootInfo = info;
      reached = new Set();
      const pending = info ? [root] : [];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (reached.has(next)) continue;
        reached.add(next);
        pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reached?.has(id) ?? false;
  };
}

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * The test files that replace modules with vi.mock, or say `@vitest-isolate` (they start what the app starts once):
 * they need a module graph of their own, so they run isolated; the others share one per worker (issue 32).
 */
function testFilesThatNeedTheirOwnModules(): string[] {
  return readdirSync(source('./src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `src/${path.split(sep).join('/')}`)
    .filter((path) => /\bvi\.(doMock|mock)\(|@vitest-isolate/.test(readFileSync(source(`./${path}`), 'utf8')));
}

// Only Vitest needs them: a build or the dev server reads no test file.
const ownModuleFiles = process.env.VITEST ? testFilesThatNeedTheirOwnModules() : [];
const dashboard = staticallyReachedFrom(source('./src/app/pages/DashboardPage.tsx'));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': source('./src') },
  },
  server: {
    // The employment contract text is imported from the contracts service's templates (one source).
    fs: {
      allow: [
        searchForWorkspaceRoot(process.cwd()),
        source('../services/contracts/contracts/templates'),
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
            // Over HTTP/1.1's six connections every file is a queue slot (issue 18: the dashboard at a 150 ms
            // round trip): what the entry needs comes in one file, and the dashboard's own code in one more, in
            // place of the 13 and 12 small shared chunks the splitting makes of them. Neither adds a byte to `/`.
            { name: 'app', tags: ['$initial'] },
            { name: (id, graph) => (dashboard(id, graph) ? 'dashboard' : null), debugName: 'dashboard' },
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
    testTimeout: 30000,
    /*
     * Test files share one module graph per worker (isolate: false): jsdom, React, i18next and the features load
     * once per worker instead of once per file, which took most of the suite's CPU (issue 32). setup.ts puts back
     * what a file may change; files that replace modules with vi.mock run isolated.
     */
    projects: [
      // (The projects' include lists would add to one set here: each sets its own.)
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ownModuleFiles, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ownModuleFiles, isolate: true } },
    ],
    // Route tests render pages at once and mock features as before; lazy-page.test.ts covers the splitting.
    alias: [
      {
        find: /^@\/app\/pages\/lazy-pages$/,
        replacement: source('./src/app/pages/eager-pages.ts'),
      },
    ],
  },
});
