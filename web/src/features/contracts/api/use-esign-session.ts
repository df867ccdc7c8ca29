import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { esignSessionUrl, getEsignSession, type EsignSession } from './esign';

/**
 * The least time between the starts of two polls. The server holds each GET until SK answers or its long poll
 * ends (seconds), so the next poll starts right after an answer; only an answer that comes back at once (an
 * error page, a server that does not wait) is spaced out, so nothing ever loops tightly.
 */
export const MIN_POLL_GAP_MS = 1000;

/**
 * Follows a Smart-ID or Mobile-ID session (issue 33) from the 201 of POST .../esign: GET
 * /api/contracts/{id}/esign/{sessionId} again right after each answer while it is `running`, stopping at
 * `signed` or `failed`, or at an error (refetch resumes). The query's key is the session's URL.
 */
export function useEsignSession(contractId: number, started: EsignSession | null) {
  const lastStart = useRef(0);
  const sessionId = started?.sessionId ?? '';
  const query = useQuery({
    queryKey: [esignSessionUrl(contractId, sessionId)],
    queryFn: ({ signal }) => {
      lastStart.current = Date.now();
      return getEsignSession(contractId, sessionId, signal);
    },
    enabled: started !== null,
    initialData: started ?? undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const { data, dataUpdatedAt, isFetching, isError, refetch } = query;
  const running = data?.state === 'running';

  useEffect(() => {
    if (!started || !running || isFetching || isError) return;
    const wait = Math.max(0, MIN_POLL_GAP_MS - (Date.now() - lastStart.current));
    const timer = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(timer);
  }, [started, running, isFetching, isError, dataUpdatedAt, refetch]);

  return query;
}
