import { describe, expect, it } from 'vitest';
import { resources } from './i18n';

/**
 * Issue 18 "Accessibility (WCAG 2.1 AA)", WCAG 2.5.3 Label in Name (axe `label-content-name-mismatch`): a
 * control named for screen readers after its row (`actions.pdfNamed`) must still contain the words it shows
 * (`actions.pdf`), so speech users can say what they see. Every `<key>Named` text is checked against `<key>`,
 * in every language and namespace, plus the applications list's View (named by `list.viewLabel`).
 */
type Texts = { [key: string]: string | Texts };

const EXTRA_PAIRS: Record<string, [visible: string, named: string][]> = {
  applications: [['list.view', 'list.viewLabel']],
};

function lookup(texts: Texts, key: string): string {
  const value = key.split('.').reduce<string | Texts | undefined>(
    (node, part) => (typeof node === 'object' ? node[part] : undefined),
    texts,
  );
  if (typeof value !== 'string') throw new Error(`no text at ${key}`);
  return value;
}

function namedPairs(texts: Texts, prefix = ''): [visible: string, named: string][] {
  return Object.entries(texts).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'object') return namedPairs(value, `${prefix}${key}.`);
    const visible = key.replace(/Named$/, '');
    return key !== visible && typeof texts[visible] === 'string' ? [[`${prefix}${visible}`, `${prefix}${key}`]] : [];
  });
}

const cases = Object.entries(resources).flatMap(([language, bundle]) =>
  Object.entries(bundle as Record<string, Texts>).flatMap(([namespace, texts]) =>
    [...namedPairs(texts), ...(EXTRA_PAIRS[namespace] ?? [])].map(([visible, named]) => ({
      language,
      namespace,
      visible,
      named,
      texts,
    })),
  ),
);

describe('accessible names contain the visible label (WCAG 2.5.3, issue 18)', () => {
  it('finds the named controls of contracts, documents and applications in both languages', () => {
    const checked = new Set(cases.map(({ language, namespace }) => `${language}/${namespace}`));
    for (const file of ['contracts', 'documents', 'applications'])
      for (const language of ['et', 'en']) expect(checked).toContain(`${language}/${file}`);
  });

  it.each(cases)('$language/$namespace: $named contains $visible', ({ visible, named, texts }) => {
    const label = lookup(texts, visible);
    const name = lookup(texts, named).replace(/\{\{\w+\}\}/g, 'X');
    expect(name.toLocaleLowerCase()).toContain(label.toLocaleLowerCase());
  });
});
