import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startFirstLoad } from './app/first-load';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const i18n = initI18n();
const queryClient = createQueryClient();
// Before the first render: the user, the page's code, translations and data start together (issue 18).
void startFirstLoad({ queryClient, i18n, pathname: window.location.pathname });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
