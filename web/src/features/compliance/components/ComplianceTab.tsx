import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { ClientCaseView } from './ClientCaseView';
import { ClientsView } from './ClientsView';
import { HitsView } from './HitsView';
import { ListsView } from './ListsView';
import { ReportsView } from './ReportsView';

const VIEWS = ['clients', 'hits', 'lists', 'reports'] as const;
type View = (typeof VIEWS)[number];

/**
 * The admin's Compliance tab (issue 35): client cases (?client=<id> opens one), screening hits to decide, the
 * sanctions list versions and, for compliance officers, suspicion reports (?view=).
 */
export function ComplianceTab() {
  const { t } = useTranslation('compliance');
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const view: View = VIEWS.includes(raw as View) ? (raw as View) : 'clients';
  const clientId = params.get('client');

  const go = (next: { view?: View; client?: number | null }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const key of ['view', 'client', 'q', 'status', 'page']) updated.delete(key);
      if (next.view && next.view !== 'clients') updated.set('view', next.view);
      if (next.client) updated.set('client', String(next.client));
      return updated;
    });

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t('views.label')} className="flex flex-wrap gap-2">
        {VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={view === name && !clientId ? 'page' : undefined}
            onClick={() => go({ view: name })}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-medium',
              view === name && !clientId ? 'border-primary-600 bg-primary-50 text-primary-800' : 'border-slate-300 bg-white text-slate-800',
            )}
          >
            {t(`views.${name}`)}
          </button>
        ))}
      </nav>
      {clientId && /^\d+$/.test(clientId) ? (
        <ClientCaseView id={clientId} onBack={() => go({ view: 'clients' })} />
      ) : view === 'hits' ? (
        <HitsView />
      ) : view === 'lists' ? (
        <ListsView />
      ) : view === 'reports' ? (
        <ReportsView />
      ) : (
        <ClientsView onOpen={(id) => go({ client: id })} />
      )}
    </div>
  );
}
