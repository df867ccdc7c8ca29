import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { UserOptions } from '@/hooks/use-user-options';
import { formatDate } from '@/lib/dates';

/** The two fields this part adds to a form; ids as strings ('' for none), as the selects hold them. */
export interface UserApplicationValues {
  userId: string;
  applicationId: string;
}

interface UserApplicationFieldsProps {
  /** The controls' ids are `${idPrefix}-user` and `${idPrefix}-application`. */
  idPrefix: string;
  /**
   * Where the texts live: `${ns}:${keyPrefix}.` followed by user, userPlaceholder, usersLoading,
   * usersFailed, noUsers, application, applicationPlaceholder and applicationOption.
   */
  ns: string;
  keyPrefix: string;
  users: UserOptions;
}

/**
 * Spec §2 admin Documents and Contracts: pick a user, which selects that user's newest application;
 * another of the user's applications can then be chosen. The fields belong to the surrounding
 * react-hook-form form (its context), whose values include UserApplicationValues.
 */
export function UserApplicationFields({ idPrefix, ns, keyPrefix, users }: UserApplicationFieldsProps) {
  const { control, setValue } = useFormContext<UserApplicationValues>();
  const { t, i18n } = useTranslation(ns, { keyPrefix });
  const statusLabel = useApplicationStatusLabel();
  const userId = `${idPrefix}-user`;
  const applicationId = `${idPrefix}-application`;
  const selected = users.find(useWatch({ control, name: 'userId' }));

  return (
    <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
      <Controller
        control={control}
        name="userId"
        render={({ field, fieldState }) => {
          const error = serverFieldError(fieldState.error);
          const selectUser = (value: string) => {
            const newest = users.find(value)?.applications[0];
            field.onChange(value);
            setValue('applicationId', newest ? String(newest.id) : '', { shouldValidate: true });
          };
          return (
            <FormField id={userId} label={t('user')} error={error}>
              <Select value={field.value} onValueChange={selectUser} disabled={users.isLoading}>
                <SelectTrigger
                  ref={field.ref}
                  id={userId}
                  className="text-left [&>span:first-child]:truncate"
                  aria-required="true"
                  onBlur={field.onBlur}
                  {...invalidProps(userId, error)}
                >
                  <SelectValue placeholder={users.isLoading ? t('usersLoading') : t('userPlaceholder')} />
                </SelectTrigger>
                <SelectContent>
                  {users.options.length === 0 ? (
                    <p className="px-3 py-2 text-sm text-slate-500">{users.failed ? t('usersFailed') : t('noUsers')}</p>
                  ) : (
                    users.options.map((option) => (
                      <SelectItem key={option.userId} value={String(option.userId)}>
                        {option.label}
                      </SelectItem>
                    ))
                  )}
                </SelectContent>
              </Select>
            </FormField>
          );
        }}
      />
      <Controller
        control={control}
        name="applicationId"
        render={({ field, fieldState }) => {
          const error = serverFieldError(fieldState.error);
          return (
            <FormField id={applicationId} label={t('application')} error={error}>
              <Select value={field.value} onValueChange={field.onChange} disabled={!selected}>
                <SelectTrigger
                  ref={field.ref}
                  id={applicationId}
                  className="text-left [&>span:first-child]:truncate"
                  onBlur={field.onBlur}
                  {...invalidProps(applicationId, error)}
                >
                  <SelectValue placeholder={t('applicationPlaceholder')} />
                </SelectTrigger>
                <SelectContent>
                  {selected?.applications.map((application) => (
                    <SelectItem key={application.id} value={String(application.id)}>
                      {t('applicationOption', {
                        id: application.id,
                        status: statusLabel(application.status),
                        date: formatDate(application.createdAt, i18n.language),
                      })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          );
        }}
      />
    </div>
  );
}
