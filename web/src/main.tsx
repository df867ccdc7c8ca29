import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { startFirstLoad } from './app/first-load';
import { canHydrate } from './app/prerendered';
import { initI18n, supportedLanguageOf } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const i18n = initI18n();
const queryClient = createQueryClient();
// Before the first render: the user, the page's code, translations and data start together (issue 18).
void startFirstLoad({ queryClient, i18n, pathname: window.location.pathname });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The landing page comes drawn in the HTML (src/prerender.tsx): its markup is taken over where it is this
// page's, in the visitor's language; otherwise the app draws over it. The detected language, not the resolved
// one: that stays Estonian until the other language's translations have arrived. In a transition the work is
// done in slices that let the browser answer the reader in between, not as one long task.
if (canHydrate(root, window.location.pathname, supportedLanguageOf(i18n.language))) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
