import { useTranslation } from 'react-i18next';
import { ApplicationsList } from './components/ApplicationsList';
import { CompaniesPanel } from './components/CompaniesPanel';

/** The admin panel's Applications tab (spec §2): the applications list, then the shelf companies. */
export function AdminApplicationsTab() {
  const { t } = useTranslation('applications');
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="admin-applications-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="admin-applications-title" className="text-xl font-semibold tracking-tight text-slate-900">
            {t('list.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('list.description')}</p>
        </div>
        <ApplicationsList />
      </section>
      <CompaniesPanel />
    </div>
  );
}
