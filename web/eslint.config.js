import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webRoot = import.meta.dirname;
const features = readdirSync(`${webRoot}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Code any feature and the app may use; it imports neither (bulletproof-react's unidirectional layout). */
const SHARED = ['./src/components', './src/hooks', './src/lib', './src/types', './src/config'];

/**
 * Import boundaries: a feature uses shared code and itself, never another feature; only src/app composes
 * features; shared code imports no feature and no app code. Paths are resolved (the '@/' alias and relative
 * paths alike), so a '../../other-feature' import is caught too.
 */
export const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to shared code, or compose them in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app; the app composes features.',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, hooks, lib, types) imports no feature and no app code.',
  },
  {
    // The test helpers mount the whole app (its providers and routes), but share nothing of a feature.
    target: './src/test',
    from: './src/features',
    message: 'Test helpers are shared by every feature, so they import none.',
  },
];

export default tseslint.config(
  // vendor/: a third party's library as it is published (vendor/web-eid-library/README.md).
  { ignores: ['dist', 'dist-prerender', 'node_modules', 'coverage', 'vendor'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${webRoot}/tsconfig.app.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: webRoot, zones: boundaryZones }],
    },
  },
  {
    // Test files and small UI primitive modules export helpers alongside components.
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/components/ui/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
