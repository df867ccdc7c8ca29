import { useTranslation } from 'react-i18next';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { FieldErrors } from '@/hooks/use-field-values';
import { formatDate } from '@/lib/dates';
import type { UserOptions } from '../user-options';

interface Fields {
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
  /** The form's state (see useFieldValues); its values include a user id and an application id. */
  form: { values: Fields; errors: FieldErrors<Fields>; set: (name: keyof Fields, value: string) => void };
}

/**
 * Spec §2 admin Documents and Contracts: pick a user, which selects that user's newest application;
 * another of the user's applications can then be chosen.
 */
export function UserApplicationFields({ idPrefix, ns, keyPrefix, users, form }: UserApplicationFieldsProps) {
  const { values, errors, set } = form;
  const { t, i18n } = useTranslation(ns, { keyPrefix });
  const statusLabel = useApplicationStatusLabel();
  const userId = `${idPrefix}-user`;
  const applicationId = `${idPrefix}-application`;
  const selected = users.find(values.userId);

  const selectUser = (value: string) => {
    const newest = users.find(value)?.applications[0];
    set('userId', value);
    set('applicationId', newest ? String(newest.id) : '');
  };

  return (
    <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
      <FormField id={userId} label={t('user')} error={errors.userId}>
        <Select value={values.userId} onValueChange={selectUser} disabled={users.isLoading}>
          <SelectTrigger
            id={userId}
            className="text-left [&>span:first-child]:truncate"
            aria-required="true"
            {...invalidProps(userId, errors.userId)}
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
      <FormField id={applicationId} label={t('application')} error={errors.applicationId}>
        <Select value={values.applicationId} onValueChange={(value) => set('applicationId', value)} disabled={!selected}>
          <SelectTrigger
            id={applicationId}
            className="text-left [&>span:first-child]:truncate"
            {...invalidProps(applicationId, errors.applicationId)}
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
    </div>
  );
}
