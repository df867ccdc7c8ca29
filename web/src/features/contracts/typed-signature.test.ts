import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_FONT_FAMILY } from './typed-signature';

/**
 * Issue 13: the typed signature's handwriting font is self-hosted (bundled from npm, never a CDN) and covers every
 * Estonian letter, so a name such as Tõnu Šärž is written in it and not partly in a fallback font.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../../..');
const ESTONIAN_LETTERS = 'ÕÄÖÜŠŽõäöüšž';

function importedStylesheets(): string[] {
  const source = readFileSync(path.join(here, 'typed-signature.ts'), 'utf8');
  return [...source.matchAll(/^import '(@fontsource\/[^']+\.css)';$/gm)].map(([, file]) => file);
}

function ranges(css: string): [number, number][] {
  return [...css.matchAll(/unicode-range:\s*([^;]+);/g)].flatMap(([, list]) =>
    list.split(',').map((range): [number, number] => {
      const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from, 16), parseInt(to, 16)];
    }),
  );
}

describe('the typed signature font (issue 13)', () => {
  const stylesheets = importedStylesheets().map((file) => readFileSync(path.join(webRoot, 'node_modules', file), 'utf8'));

  it('is loaded from the bundle: every face points at a file of the package, none at another host', () => {
    expect(stylesheets.length).toBeGreaterThan(0);
    const sources = stylesheets.flatMap((css) => [...css.matchAll(/url\(([^)]+)\)/g)].map(([, url]) => url));
    expect(sources.length).toBeGreaterThan(0);
    for (const url of sources) expect(url).toMatch(/^\.\/files\/[\w.-]+\.woff2?$/);
    for (const css of stylesheets) expect(css).toContain(`font-family: '${SIGNATURE_FONT_FAMILY}'`);
  });

  it.each([...ESTONIAN_LETTERS])('has a face for %s', (letter) => {
    const code = letter.codePointAt(0) ?? 0;
    const covered = stylesheets.some((css) => ranges(css).some(([from, to]) => from <= code && code <= to));
    expect(covered).toBe(true);
  });
});
