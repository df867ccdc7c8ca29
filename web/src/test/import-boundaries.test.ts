import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12 "One API-file convention per feature": features import shared code and themselves, never each
 * other; only src/app composes features; shared code imports neither. `npm run lint` (make lint) enforces it
 * with eslint.config.js; these cases prove the rule bites, by linting one import line as if it were in a file.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: webRoot });

async function boundaryErrors(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\n`, { filePath: `${webRoot}/src/${file}` });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each([
    ['another feature by alias', 'features/documents/components/X.tsx', "import { AuthPage } from '@/features/auth/components/AuthPage';"],
    ['another feature by a relative path', 'features/documents/components/X.tsx', "import { AuthPage } from '../../auth/components/AuthPage';"],
    ["another feature's public index", 'features/dashboard/components/X.tsx', "import { ContractsTab } from '@/features/contracts';"],
    ['the app from a feature', 'features/contracts/components/X.tsx', "import { routes } from '@/app/routes';"],
    ['a feature from shared components', 'components/layout/X.tsx', "import { useLogin } from '@/features/auth/api/login';"],
    ['a feature from shared lib', 'lib/X.ts', "import { useOwnDocuments } from '@/features/documents/api/get-documents';"],
    ['the app from shared hooks', 'hooks/X.ts', "import { routes } from '@/app/routes';"],
    ['a feature from the test helpers', 'test/X.ts', "import { contract } from '@/features/contracts/test-fixtures';"],
  ])('refuses %s', async (_, file, importLine) => {
    const errors = await boundaryErrors(file, importLine);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/restricted zone/);
  });

  it.each([
    ['shared code from a feature', 'features/documents/components/X.tsx', "import { Button } from '@/components/ui/button';"],
    ['its own api from a feature', 'features/documents/components/X.tsx', "import { useOwnDocuments } from '../api/get-documents';"],
    ['its own files by alias', 'features/documents/components/X.tsx', "import { DOCUMENT_STATUSES } from '@/features/documents/types';"],
    ['the session hooks from the layout', 'components/layout/X.tsx', "import { useUser } from '@/lib/auth/get-user';"],
    ['features from the app', 'app/pages/X.tsx', "import { ContractsTab } from '@/features/contracts';"],
    ['the app from the test helpers', 'test/X.ts', "import { routes } from '@/app/routes';"],
  ])('allows %s', async (_, file, importLine) => {
    expect(await boundaryErrors(file, importLine)).toEqual([]);
  });
});
