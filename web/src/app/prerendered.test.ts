import { canHydrate } from './prerendered';

function rootDrawnIn(language?: string): HTMLElement {
  const root = document.createElement('div');
  if (language) root.dataset.prerendered = language;
  return root;
}

describe('canHydrate (issue 18 "First load": the landing page drawn at build time)', () => {
  it('takes over the landing page drawn in the visitor\'s language', () => {
    expect(canHydrate(rootDrawnIn('et'), '/', 'et')).toBe(true);
    expect(canHydrate(rootDrawnIn('en'), '/', 'en')).toBe(true);
  });

  it('draws anew over a render in another language', () => {
    expect(canHydrate(rootDrawnIn('et'), '/', 'en')).toBe(false);
  });

  it('draws anew where nothing was drawn or on any other page', () => {
    expect(canHydrate(rootDrawnIn(), '/', 'et')).toBe(false);
    expect(canHydrate(rootDrawnIn('et'), '/auth', 'et')).toBe(false);
  });
});
