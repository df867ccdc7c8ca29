import { Plus } from 'lucide-react';
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
import { formatDate, todayInTallinn, toIsoDate } from '@/lib/dates';
import { useApplicantOptions, useCreateContract } from '../api';

interface Values {
  userId: string;
  applicationId: string;
  title: string;
  content: string;
  expiresAt: string;
}

const EMPTY: Values = { userId: '', applicationId: '', title: '', content: '', expiresAt: '' };
type FieldName = 'userId' | 'applicationId' | 'title' | 'content' | 'expiresAt';

interface UserOption {
  userId: number;
  label: string;
  /** The user's applications, newest first. */
  applications: ApplicationListItem[];
}

function userLabel({ user, userId }: ApplicationListItem): string {
  const name = user.fullName || user.username || `#${userId}`;
  return user.email ? `${name} (${user.email})` : name;
}

/** One entry per user; the applications list is newest first, so a user's first one is the newest. */
function userOptions(applications: ApplicationListItem[]): UserOption[] {
  const byUser = new Map<number, UserOption>();
  for (const application of applications) {
    const existing = byUser.get(application.userId);
    if (existing) existing.applications.push(application);
    else
      byUser.set(application.userId, {
        userId: application.userId,
        label: userLabel(application),
        applications: [application],
      });
  }
  return [...byUser.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Spec §2 admin Contracts: user (auto-selecting their application), title, content, optional expiry. */
export function CreateContractDialog() {
  const { t, i18n } = useTranslation('contracts');
  const statusLabel = useApplicationStatusLabel();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const applicants = useApplicantOptions(open);
  const create = useCreateContract();
  const serverMessage = useServerMessage();
  const options = useMemo(() => userOptions(applicants.data ?? []), [applicants.data]);
  const selected = options.find((option) => String(option.userId) === values.userId);

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const selectUser = (userId: string) => {
    const option = options.find((o) => String(o.userId) === userId);
    const newest = option?.applications[0];
    setValues((current) => ({ ...current, userId, applicationId: newest ? String(newest.id) : '' }));
    setErrors((current) => ({ ...current, userId: undefined, applicationId: undefined }));
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      create.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.userId || !values.title.trim() || !values.content.trim()) {
      toast({ title: t('create.toast.incomplete.title'), description: t('create.toast.incomplete.text'), variant: 'destructive' });
      return;
    }
    create.mutate(
      {
        userId: Number(values.userId),
        applicationId: values.applicationId ? Number(values.applicationId) : null,
        title: values.title.trim(),
        content: values.content,
        ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
      },
      {
        onSuccess: (contract) => {
          toast({ title: t('create.toast.created'), description: contract.title });
          onOpenChange(false);
        },
        onError: (error) => {
          const { fields } = parseApiError(error);
          setErrors({
            userId: fields.userId,
            applicationId: fields.applicationId,
            title: fields.title,
            content: fields.content,
            expiresAt: fields.expiresAt,
          });
          toast({
            title: t('create.toast.failed'),
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
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('create.open')}
        </Button>
      </DialogTrigger>
      <DialogContent size="lg">
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('create.title')}</DialogTitle>
            <DialogDescription>{t('create.description')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">
            <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
              <FormField id="contract-user" label={t('create.user')} error={errors.userId}>
                <Select value={values.userId} onValueChange={selectUser} disabled={applicants.isLoading}>
                  <SelectTrigger id="contract-user" className="text-left [&>span:first-child]:truncate" aria-required="true" {...invalidProps('contract-user', errors.userId)}>
                    <SelectValue placeholder={applicants.isLoading ? t('create.usersLoading') : t('create.userPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {options.length === 0 ? (
                      <p className="px-3 py-2 text-sm text-slate-500">
                        {applicants.error ? t('create.usersFailed') : t('create.noUsers')}
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
              <FormField id="contract-application" label={t('create.application')} error={errors.applicationId}>
                <Select
                  value={values.applicationId}
                  onValueChange={(value) => set('applicationId', value)}
                  disabled={!selected}
                >
                  <SelectTrigger id="contract-application" className="text-left [&>span:first-child]:truncate" {...invalidProps('contract-application', errors.applicationId)}>
                    <SelectValue placeholder={t('create.applicationPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {selected?.applications.map((application) => (
                      <SelectItem key={application.id} value={String(application.id)}>
                        {t('create.applicationOption', {
                          id: application.id,
                          status: statusLabel(application.status),
                          date: formatDate(application.createdAt, i18n.language),
                        })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            </div>
            <FormField id="contract-title" label={t('create.titleLabel')} error={errors.title}>
              <Input
                id="contract-title"
                value={values.title}
                maxLength={200}
                aria-required="true"
                onChange={(e) => set('title', e.target.value)}
                {...invalidProps('contract-title', errors.title)}
              />
            </FormField>
            <FormField id="contract-content" label={t('create.content')} error={errors.content}>
              <Textarea
                id="contract-content"
                rows={10}
                value={values.content}
                aria-required="true"
                onChange={(e) => set('content', e.target.value)}
                {...invalidProps('contract-content', errors.content)}
              />
            </FormField>
            <FormField id="contract-expires" label={t('create.expiresAt')} error={errors.expiresAt}>
              <Input
                id="contract-expires"
                type="date"
                className="sm:max-w-[220px]"
                min={toIsoDate(todayInTallinn())}
                value={values.expiresAt}
                onChange={(e) => set('expiresAt', e.target.value)}
                {...invalidProps('contract-expires', errors.expiresAt)}
              />
            </FormField>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('create.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
