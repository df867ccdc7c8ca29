import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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
