/**
 * The landing page rendered at build time (issue 18 "First load"): scripts/prerender.mjs runs this after
 * `vite build --ssr` and writes dist/landing.{et,en}.html, which the web servers answer `/` with. The page's
 * text is then painted from the HTML, before any JavaScript has run, and the browser's app hydrates it
 * (src/main.tsx). It renders what the browser's first render shows: a visitor whose sign-in is still being
 * asked about, the translations of the first screen at hand.
 */
import { QueryClient } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import { AppFrame, AppRoutes } from '@/app/App';
import { LAYOUT_NAMESPACES, firstLoadPlan } from '@/app/first-load';
import { userQueryOptions } from '@/lib/auth/get-user';
import { BUNDLED_RESOURCES, baseI18nOptions } from '@/lib/i18n';
import type { Language } from '@/types/api';
import enAuth from '../public/locales/en/auth.json';
import enCommon from '../public/locales/en/common.json';
import enContact from '../public/locales/en/contact.json';
import enLanding from '../public/locales/en/landing.json';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title and meta description, as useDocumentMeta sets them. */
  title: string;
  description: string;
}

const LANDING_PATH = '/';
const RESOURCES = { ...BUNDLED_RESOURCES, en: { common: enCommon, landing: enLanding, contact: enContact, auth: enAuth } };

function landingNamespaces(): string[] {
  return [...LAYOUT_NAMESPACES, ...firstLoadPlan(LANDING_PATH).namespaces];
}

/** The landing page in `language`, as the browser's first render in that language draws it. */
export async function prerenderLanding(language: Language): Promise<PrerenderedPage> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...baseI18nOptions,
    lng: language,
    ns: landingNamespaces(),
    resources: RESOURCES,
    react: { useSuspense: true },
  });
  const queryClient = new QueryClient();
  // The browser asks who is signed in before its first render (app/first-load.ts): the question is open.
  void queryClient.prefetchQuery({ ...userQueryOptions(), queryFn: () => new Promise<null>(() => {}) });
  const html = renderToString(
    <AppFrame queryClient={queryClient}>
      <StaticRouter location={LANDING_PATH}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>,
  );
  const appName = i18n.t('common:app.name');
  return {
    html,
    title: `${i18n.t('landing:meta.title')} | ${appName}`,
    description: i18n.t('landing:meta.description'),
  };
}
