import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import i18n from './i18n';

// Lazy chunks (the toaster, tabs, pages) are transformed on their first import, which on a busy 2-core CI
// machine takes longer than findBy's default second; beside the stack's parallel suites (issue 32) it has taken
// longer than 5 s. Only a failing wait waits this long.
configure({ asyncUtilTimeout: 12000 });

// jsdom lacks a few browser APIs that Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

beforeEach(async () => {
  // Test files share a worker's modules (vite.config.ts): one that made its own i18next with initReactI18next
  // (the prerender's) left react-i18next pointing at it, so every file starts from the tests' instance again.
  setI18n(i18n);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});
