import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useHandoverClients, type ClientCaseStatus, type ClientRef } from '../api/handover-clients';

const CASE_TONES: Record<ClientCaseStatus, BadgeTone> = {
  draft: 'amber',
  in_review: 'amber',
  approved: 'green',
  rejected: 'red',
  closed: 'neutral',
  erased: 'neutral',
};

/** The client's compliance case status (issue 35), "review overdue" once an approval is past its review date. */
export function ClientCaseBadge({ client }: { client: ClientRef }) {
  const { t } = useTranslation('handover');
  if (client.expired) return <Badge tone="red">{t('client.expired')}</Badge>;
  return <Badge tone={CASE_TONES[client.status]}>{t(`client.status.${client.status}`)}</Badge>;
}

/** The client a company went to: its name and case status only, never the case's details (issue 35). */
export function ClientCaseLine({ client }: { client: ClientRef }) {
  const { t } = useTranslation('handover');
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="handover-client">
      <span className="font-medium text-slate-900">{client.name || t('client.erasedName')}</span>
      <ClientCaseBadge client={client} />
    </span>
  );
}

/**
 * The handover form's client (issue 35, Handover gate): completing an application hands its company over, to one of
 * the clients whose case is approved and not past its review date. The server refuses any other (409).
 */
export function HandoverClientField<Values extends FieldValues, Sent extends FieldValues>({
  control,
  name,
}: {
  control: Control<Values, unknown, Sent>;
  name: FieldPath<Values>;
}) {
  const { t } = useTranslation('handover');
  const clients = useHandoverClients(true);
  if (clients.isPending) return <Spinner label={t('form.loading')} />;
  const choices = clients.data ?? [];
  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-primary-200 bg-primary-50 p-3">
      <Label htmlFor="handover-client">{t('form.label')}</Label>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">{t('form.none')}</p>
      ) : (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} id="handover-client" aria-describedby="handover-client-hint" onBlur={field.onBlur}>
                <SelectValue placeholder={t('form.placeholder')} />
              </SelectTrigger>
              <SelectContent>
                {choices.map((client) => (
                  <SelectItem key={client.id} value={String(client.id)}>
                    {client.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
      <p id="handover-client-hint" className="text-sm text-slate-600">
        {t('form.hint')}
      </p>
    </div>
  );
}
