import type { ReactNode } from 'react';
import { useErrorText } from '@/hooks/use-error-text';
import { Card } from './card';
import { Spinner } from './spinner';
import { LoadError } from './state-message';

interface QueryStateProps<T> {
  /** A query's result (or the same fields combined from several); `data` is undefined until it arrives. */
  query: { data: readonly T[] | undefined; isLoading: boolean; error: unknown };
  /** Screen-reader text of the spinner. */
  loadingLabel: string;
  /** Heading of the load error; the error's own text goes below it. */
  errorTitle: string;
  /** Shown instead of the children when there are no rows. Without it the children get the empty list. */
  empty?: ReactNode;
  /** The list stands on the page rather than in a card: the spinner and the empty state get a card. */
  framed?: boolean;
  children: (data: readonly T[]) => ReactNode;
}

/**
 * The states of a list from a query, in order: a spinner while it loads, the error if it failed, the
 * empty state when there are no rows, otherwise the children with the rows.
 */
export function QueryState<T>({
  query: { data, isLoading, error },
  loadingLabel,
  errorTitle,
  empty,
  framed = false,
  children,
}: QueryStateProps<T>) {
  const errorText = useErrorText();
  const frame = (content: ReactNode) => (framed ? <Card>{content}</Card> : content);
  if (isLoading) {
    return frame(
      <div className="flex justify-center py-12">
        <Spinner label={loadingLabel} className="[&_svg]:h-8 [&_svg]:w-8" />
      </div>,
    );
  }
  if (error) return <LoadError title={errorTitle}>{errorText(error)}</LoadError>;
  if (empty !== undefined && (!data || data.length === 0)) return frame(empty);
  return <>{children(data ?? [])}</>;
}
