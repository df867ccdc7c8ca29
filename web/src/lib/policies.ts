import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseIsoDate, formatCalendarDate } from '@/lib/dates';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas } from '@/types/api';

/** The current version (a date, YYYY-MM-DD) of each text an applicant accepts (issue 16 "Consent"). */
export type Policies = IdentitySchemas['PoliciesOut'];
export type PolicyDocument = keyof Policies;

export const POLICIES_URL = '/api/policies';

export function policiesQueryOptions() {
  return queryOptions({ queryKey: [POLICIES_URL], queryFn: ({ signal }) => getJson<Policies>(POLICIES_URL, signal) });
}

/** GET /api/policies (public): shown on the legal pages and the consent page. */
export function usePolicies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...policiesQueryOptions(), enabled });
}

/** A version date in words ('1 December 2026', '1. detsember 2026'), as the calendar day it names. */
export function formatVersion(version: string, language: string): string {
  const day = parseIsoDate(version);
  return day ? formatCalendarDate(day, language) : version;
}
