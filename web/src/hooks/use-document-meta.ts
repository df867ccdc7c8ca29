import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the document title, meta description and sharing (Open Graph) texts of a page. */
export function useDocumentMeta(title: string, description?: string) {
  const { t } = useTranslation('common');
  const appName = t('app.name');
  // Pages without their own description get the site's, not the previous page's.
  const metaDescription = description ?? t('app.description');
  useEffect(() => {
    const fullTitle = title ? `${title} | ${appName}` : appName;
    document.title = fullTitle;
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[name="description"]', 'name', 'description', metaDescription);
    setMeta('meta[property="og:description"]', 'property', 'og:description', metaDescription);
  }, [title, metaDescription, appName]);
}
