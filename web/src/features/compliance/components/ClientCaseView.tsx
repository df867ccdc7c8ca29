import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { LoadError } from '@/components/ui/state-message';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate, formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { DateField } from '@/components/ui/date-field';
import { caseAction, closeCase, useClientCase, useComplianceMutation, type ClientCase } from '../api/compliance';
import { AddPersonDialog } from './AddPersonDialog';
import { CaseStatusBadge, RiskBadge } from './Badges';
import { Field } from './fields';
import { fieldProps, useFieldErrors } from './field-helpers';
import { HitsTable } from './HitsTable';
import { SimpleFormDialog } from './SimpleFormDialog';

/** Issue 35: one client's case: the client, its people, risk factors with their weights, hits and history. */
export function ClientCaseView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('compliance');
  const language = currentLanguage(i18n);
  const found = useClientCase(id);
  const act = useComplianceMutation(caseAction);
  const failureToast = useFailureToast();

  const back = (
    <Button variant="secondary" size="sm" className="self-start" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('case.back')}
    </Button>
  );
  if (found.isPending) return <Spinner label={t('loading')} />;
  if (found.error) return <LoadError title={t('loadFailed')}>{back}</LoadError>;
  const client: ClientCase = found.data;

  const run = (action: 'submit' | 'approve') =>
    act.mutate(
      { clientId: client.id, action },
      {
        onSuccess: () => {
          toast({ title: t(`case.done.${action}`), description: client.name });
          void found.refetch();
        },
        onError: (failure) => failureToast(t(`case.failed.${action}`), failure),
      },
    );

  return (
    <TabCard title={client.name} description={t(`kind.${client.kind}`)} action={back}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-2">
          <CaseStatusBadge status={client.status} expired={client.expired} />
          <RiskBadge level={client.riskLevel} score={client.riskScore} />
          {client.reviewDue && <span className="text-sm text-slate-700">{t('case.reviewDue', { date: formatDate(client.reviewDue, language) })}</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          {client.status === 'draft' && (
            <Button onClick={() => run('submit')} disabled={act.isPending}>
              {t('case.submit')}
            </Button>
          )}
          {client.status === 'in_review' && (
            <>
              <Button onClick={() => run('approve')} disabled={act.isPending}>
                {t('case.approve')}
              </Button>
              <RejectDialog clientId={client.id} onDone={() => void found.refetch()} />
            </>
          )}
          {client.status !== 'rejected' && client.status !== 'closed' && (
            <CloseDialog clientId={client.id} onDone={() => void found.refetch()} />
          )}
        </div>
        {client.relationshipEndedOn && (
          <p className="text-sm text-slate-700" data-testid="relationship-ended">
            {t('close.ended', { date: formatDate(client.relationshipEndedOn, language) })}
          </p>
        )}

        <DescriptionList>
          <DescriptionItem label={t('fields.country')}>{client.country}</DescriptionItem>
          <DescriptionItem label={t('fields.registryCode')}>{client.registryCode ?? '—'}</DescriptionItem>
          <DescriptionItem label={t('fields.address')}>{client.address}</DescriptionItem>
          <DescriptionItem label={t('fields.purpose')}>{client.purpose}</DescriptionItem>
          <DescriptionItem label={t('fields.sourceOfFunds')}>{client.sourceOfFunds}</DescriptionItem>
          {client.decisionReason && <DescriptionItem label={t('case.decisionReason')}>{client.decisionReason}</DescriptionItem>}
        </DescriptionList>

        <section aria-labelledby="case-risk" className="flex flex-col gap-2">
          <h3 id="case-risk" className="text-base font-semibold text-slate-900">{t('case.riskFactors')}</h3>
          <ul className="flex flex-col gap-1 text-sm" data-testid="risk-factors">
            {client.riskFactors.map((factor) => (
              <li key={`${factor.factor}-${String(factor.details?.country ?? '')}`} className="flex justify-between gap-4">
                <span>
                  {t(`factor.${factor.factor}`)}
                  {typeof factor.details?.country === 'string' ? ` (${factor.details.country})` : ''}
                </span>
                <span className="tabular-nums">{t('case.weight', { weight: factor.weight })}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="case-people" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="case-people" className="text-base font-semibold text-slate-900">{t('case.people')}</h3>
            {client.status === 'draft' && <AddPersonDialog clientId={client.id} />}
          </div>
          {client.people.length === 0 ? (
            <p className="text-sm text-slate-700">{t('case.noPeople')}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" data-testid="case-people">
              {client.people.map((person) => (
                <li key={person.id} className="rounded-lg border border-slate-200 p-3">
                  <span className="font-medium text-slate-900">{person.fullName}</span> · {t(`role.${person.role}`)}
                  {person.ownershipPercent !== null && ` · ${person.ownershipPercent} %`}
                  {person.pep && ` · ${t('case.pep')}`}
                  <span className="block text-slate-600">
                    {formatDate(person.dateOfBirth, language)} · {person.nationality} / {person.countryOfResidence}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="case-hits" className="flex flex-col gap-2">
          <h3 id="case-hits" className="text-base font-semibold text-slate-900">{t('case.hits')}</h3>
          {client.hits.length === 0 ? <p className="text-sm text-slate-700">{t('case.noHits')}</p> : <HitsTable hits={client.hits} />}
        </section>

        <section aria-labelledby="case-history" className="flex flex-col gap-2">
          <h3 id="case-history" className="text-base font-semibold text-slate-900">{t('case.history')}</h3>
          <ol className="flex flex-col gap-1 text-sm">
            {client.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time> · {t(`history.${entry.action}`, { defaultValue: entry.action })}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </TabCard>
  );
}

function RejectDialog({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const { t } = useTranslation('compliance');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reject = useComplianceMutation(caseAction);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(reject.error);
  return (
    <SimpleFormDialog
      keyPrefix="reject"
      open={open}
      onOpenChange={(next) => {
        if (next) {
          reject.reset();
          setReason('');
        }
        setOpen(next);
      }}
      onSubmit={() =>
        reject.mutate(
          { clientId, action: 'reject', reason },
          {
            onSuccess: () => {
              toast({ title: t('reject.done') });
              setOpen(false);
              onDone();
            },
            onError: (failure) => failureToast(t('reject.failed'), failure),
          },
        )
      }
      pending={reject.isPending}
      trigger={<Button variant="secondary">{t('reject.open')}</Button>}
    >
      <Field id="reject-reason" label={t('reject.reason')} error={errors.reason}>
        <Textarea id="reject-reason" value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={errors.reason ? true : undefined} />
      </Field>
    </SimpleFormDialog>
  );
}

/** Issue 35: the business relationship ended (default today): the case is closed, takes no company any more, and its
 * records are erased five years after that day. */
function CloseDialog({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const { t } = useTranslation('compliance');
  const [open, setOpen] = useState(false);
  const [endedOn, setEndedOn] = useState('');
  const close = useComplianceMutation(closeCase);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(close.error);
  return (
    <SimpleFormDialog
      keyPrefix="close"
      open={open}
      onOpenChange={(next) => {
        if (next) {
          close.reset();
          setEndedOn('');
        }
        setOpen(next);
      }}
      onSubmit={() =>
        close.mutate(
          { clientId, endedOn },
          {
            onSuccess: () => {
              toast({ title: t('close.done') });
              setOpen(false);
              onDone();
            },
            onError: (failure) => failureToast(t('close.failed'), failure),
          },
        )
      }
      pending={close.isPending}
      trigger={<Button variant="secondary">{t('close.open')}</Button>}
    >
      <Field id="close-ended-on" label={t('close.endedOn')} error={errors.endedOn}>
        <DateField {...fieldProps('close-ended-on', errors.endedOn)} value={endedOn} fromYear={2000} onChange={setEndedOn} />
      </Field>
    </SimpleFormDialog>
  );
}
