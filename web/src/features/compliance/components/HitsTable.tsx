import { useTranslation } from 'react-i18next';
import type { ScreeningHit } from '../api/compliance';
import { HitStatusBadge } from './Badges';
import { DecideHitDialog } from './DecideHitDialog';

/** Hits with their explanation: the listed name, the score, what the dates of birth did; open ones decided here. */
export function HitsTable({ hits }: { hits: ScreeningHit[] }) {
  const { t } = useTranslation('compliance');
  return (
    <ul className="flex flex-col gap-2" data-testid="hits">
      {hits.map((hit) => (
        <li key={hit.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm sm:flex-row sm:items-start sm:justify-between" data-testid="hit">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="font-medium text-slate-900">
              {hit.subjectName} → {String(hit.explanation.listedName ?? hit.listNames[0] ?? '')}
            </span>
            <span className="text-slate-700">
              {t('hits.source', { source: t(`source.${hit.source}`), reference: hit.listReference, score: hit.score })}
            </span>
            <span className="text-slate-600">{String(hit.explanation.dateOfBirth ?? '')}</span>
            {hit.decisionReason && <span className="text-slate-600">{t('hits.reason', { reason: hit.decisionReason })}</span>}
          </div>
          <div className="flex items-center gap-2">
            <HitStatusBadge status={hit.status} />
            {hit.status === 'open' && <DecideHitDialog hit={hit} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
