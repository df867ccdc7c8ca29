/** Scrolls to a landing-page section and records its hash without a router navigation. */
export function scrollToSection(id: string, delayMs = 0): void {
  window.setTimeout(() => {
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
  }, delayMs);
}
