import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a page with tabs, kept in ?tab=… so links (e-mails, the overview) and tests can open one;
 * the first tab is the default and leaves the URL bare. A change replaces the whole query: the rest of the
 * URL is the open tab's own state (issue 17's list state), so another tab starts from a clean URL. Choosing the
 * open tab again changes nothing: tabs activate on focus, and focus coming back to the open tab's trigger (say,
 * when a dialog closes) must not wipe that state (issue 23: a new pay run's ?run= was lost so).
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const raw = params.get('tab');
  const tab = tabs.find((known) => known === raw) ?? first;
  const setTab = (next: string) => {
    if (next !== tab) setParams(next === first ? {} : { tab: next }, { replace: true });
  };
  return [tab, setTab];
}
