import { FilePlus2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import type { ApplicationListItem } from '@/features/admin-applications/types';
import { useServerMessage } from '@/features/dashboard/server-message';
import { parseApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useApplicantOptions, useRequestDocument } from '../api';
import { DueDatePicker } from './DueDatePicker';

interface Values {
  userId: string;
  applicationId: string;
  name: string;
  description: string;
  /** YYYY-MM-DD or '' */
  dueDate: string;
}

const EMPTY: Values = { userId: '', applicationId: '', name: '', description: '', dueDate: '' };
type Errors = Partial<Record<keyof Values, string>>;

interface UserOption {
  userId: number;
  name: string;
  label: string;
  /** Newest first, as the applications list comes. */
  applications: ApplicationListItem[];
}

function userOptions(applications: ApplicationListItem[]): UserOption[] {
  const byUser = new Map<number, UserOption>();
  for (const application of applications) {
    const existing = byUser.get(application.userId);
    if (existing) {
      existing.applications.push(application);
      continue;
    }
    const { user, userId } = application;
    const name = user.fullName || user.username || `#${userId}`;
    byUser.set(userId, { userId, name, label: user.email ? `${name} (${user.email})` : name, applications: [application] });
  }
  return [...byUser.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Spec §2 admin Documents, §5 Admin document request. */
export function RequestDocumentDialog() {
  const { t, i18n } = useTranslation('documents');
  const statusLabel = useApplicationStatusLabel();
  const serverMessage = useServerMessage();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const applicants = useApplicantOptions(open);
  const requestDocument = useRequestDocument();
  const options = useMemo(() => userOptions(applicants.data ?? []), [applicants.data]);
  const selected = options.find((option) => String(option.userId) === values.userId);

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Spec §2: selecting a user selects that user's (newest) application. */
  const selectUser = (userId: string) => {
    const newest = options.find((o) => String(o.userId) === userId)?.applications[0];
    setValues((current) => ({ ...current, userId, applicationId: newest ? String(newest.id) : '' }));
    setErrors((current) => ({ ...current, userId: undefined, applicationId: undefined }));
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      requestDocument.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.userId || !values.name.trim()) {
      toast({
        title: t('request.toast.incomplete.title'),
        description: t('request.toast.incomplete.text'),
        variant: 'destructive',
      });
      return;
    }
    requestDocument.mutate(
      {
        userId: parseInt(values.userId, 10),
        applicationId: values.applicationId ? parseInt(values.applicationId, 10) : null,
        name: values.name.trim(),
        description: values.description.trim(),
        dueDate: values.dueDate || null,
      },
      {
        onSuccess: (created) => {
          toast({
            title: t('request.toast.requested'),
            description: t('request.toast.requestedText', { name: created.name, user: selected?.name ?? '' }),
          });
          onOpenChange(false);
        },
        onError: (error) => {
          const { fields } = parseApiError(error);
          setErrors({
            userId: fields.userId,
            applicationId: fields.applicationId,
            name: fields.name,
            description: fields.description,
            dueDate: fields.dueDate,
          });
          toast({
            title: t('request.toast.requestError'),
            description: serverMessage(error) ?? t('common:errors.unknown'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="self-start">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />
          {t('request.open')}
        </Button>
      </DialogTrigger>
      <DialogContent size="md">
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('request.title')}</DialogTitle>
            <DialogDescription>{t('request.description')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="document-request-user" label={t('request.user')} error={errors.userId}>
                <Select value={values.userId} onValueChange={selectUser} disabled={applicants.isLoading}>
                  <SelectTrigger
                    className="text-left [&>span]:line-clamp-1"
                    id="document-request-user"
                    aria-required="true"
                    {...invalidProps('document-request-user', errors.userId)}
                  >
                    <SelectValue placeholder={applicants.isLoading ? t('request.usersLoading') : t('request.userPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {options.length === 0 ? (
                      <p className="px-3 py-2 text-sm text-slate-500">
                        {applicants.error ? t('request.usersFailed') : t('request.noUsers')}
                      </p>
                    ) : (
                      options.map((option) => (
                        <SelectItem key={option.userId} value={String(option.userId)}>
                          {option.label}
                        </SelectItem>
                      ))
                    )}
                  </SelectContent>
                </Select>
              </FormField>
              <FormField id="document-request-application" label={t('request.application')} error={errors.applicationId}>
                <Select value={values.applicationId} onValueChange={(value) => set('applicationId', value)} disabled={!selected}>
                  <SelectTrigger
                    className="text-left [&>span]:line-clamp-1"
                    id="document-request-application"
                    {...invalidProps('document-request-application', errors.applicationId)}
                  >
                    <SelectValue placeholder={t('request.applicationPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {selected?.applications.map((application) => (
                      <SelectItem key={application.id} value={String(application.id)}>
                        {t('request.applicationOption', {
                          id: application.id,
                          status: statusLabel(application.status),
                          date: formatDate(application.createdAt, (i18n.resolvedLanguage ?? i18n.language)),
                        })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            </div>
            <FormField id="document-request-name" label={t('request.name')} error={errors.name}>
              <Input
                id="document-request-name"
                value={values.name}
                maxLength={200}
                aria-required="true"
                placeholder={t('request.namePlaceholder')}
                onChange={(e) => set('name', e.target.value)}
                {...invalidProps('document-request-name', errors.name)}
              />
            </FormField>
            <FormField id="document-request-description" label={t('request.descriptionLabel')} error={errors.description}>
              <Textarea
                id="document-request-description"
                rows={3}
                maxLength={2000}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
                {...invalidProps('document-request-description', errors.description)}
              />
            </FormField>
            <FormField id="document-request-due" label={t('request.dueDate')} error={errors.dueDate}>
              <DueDatePicker id="document-request-due" value={values.dueDate} onChange={(value) => set('dueDate', value)} />
            </FormField>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('request.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={requestDocument.isPending}>
              {requestDocument.isPending ? t('request.submitting') : t('request.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
