import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getJson } from '@/lib/query-client';
import type { ApplicationListItem } from '@/types/api';

/**
 * The admin's pick list of applicants (new contracts, document requests): GET /api/admin/applications, newest
 * first. Its URL starts like the applications list's, so the admin applications feature's invalidation after a
 * change covers it too.
 */
export const APPLICANT_OPTIONS_URL = '/api/admin/applications?limit=200';

export function getApplicantOptions(signal?: AbortSignal): Promise<ApplicationListItem[]> {
  return getJson<ApplicationListItem[]>(APPLICANT_OPTIONS_URL, signal);
}

export function applicantOptionsQueryOptions() {
  return queryOptions({ queryKey: [APPLICANT_OPTIONS_URL], queryFn: ({ signal }) => getApplicantOptions(signal) });
}

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
  const applicants = useQuery({ ...applicantOptionsQueryOptions(), enabled });
  const options = useMemo(() => userOptions(applicants.data ?? []), [applicants.data]);
  return {
    options,
    isLoading: applicants.isLoading,
    failed: Boolean(applicants.error),
    find: (userId) => options.find((option) => String(option.userId) === userId),
  };
}
