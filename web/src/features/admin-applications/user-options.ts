import { useMemo } from 'react';
import { useApplicantOptions } from './api';
import type { ApplicationListItem } from './types';

/** One user in the admin's user pick list, with the applications to choose from. */
export interface UserOption {
  userId: number;
  /** Full name, else username, else `#id`. */
  name: string;
  /** The name with the e-mail address, as the pick list shows it. */
  label: string;
  /** The user's applications, newest first (as the applications list comes). */
  applications: ApplicationListItem[];
}

/** One entry per user, sorted by label; a user's first application is the newest. */
export function userOptions(applications: readonly ApplicationListItem[]): UserOption[] {
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

export interface UserOptions {
  options: UserOption[];
  isLoading: boolean;
  failed: boolean;
  /** The option of a selected user id ('' for none). */
  find: (userId: string) => UserOption | undefined;
}

/** The users to pick from, loaded while `enabled` (an open dialog). */
export function useUserOptions(enabled: boolean): UserOptions {
  const applicants = useApplicantOptions(enabled);
  const options = useMemo(() => userOptions(applicants.data ?? []), [applicants.data]);
  return {
    options,
    isLoading: applicants.isLoading,
    failed: Boolean(applicants.error),
    find: (userId) => options.find((option) => String(option.userId) === userId),
  };
}
