import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ErrorState } from './state-message';

/*
 * Issue 37, What a new user found: an answer of an unexpected shape (a list that is not a list) threw while
 * rendering ("t.map is not a function") and React took the whole page down to a white screen. A boundary per page
 * (in AppLayout, below the header) and per tab or panel keeps everything around the part that failed, says in the
 * reader's language what could not be shown, and offers to try again.
 */

interface BoundaryProps {
  /** A change of this value (the page's path) clears a caught error: the next page starts afresh. */
  resetKey?: unknown;
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { resetKey: props.resetKey, error: null, failed: false };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever looks at the console: the reader gets the translated card.
    console.error('A part of the page failed to render', error, info.componentStack);
  }

  retry = () => this.setState({ error: null, failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

interface RenderErrorBoundaryProps {
  /**
   * What the boundary holds, as the reader knows it (a tab's or a panel's name): 'The Documents tab could not be
   * shown'. Without it the boundary stands for the whole page.
   */
  what?: string;
  resetKey?: unknown;
  children: ReactNode;
}

/**
 * Catches what its children throw while rendering and shows, in their place, what failed and a Try again button.
 * Trying again forgets the answers no part of the page is showing (those of the part that failed among them, as it
 * is no longer on screen), so they are asked for again rather than drawn from the same bad answer; the signed-in
 * user stays.
 */
export function RenderErrorBoundary({ what, resetKey, children }: RenderErrorBoundaryProps) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const fallback = (retry: () => void) => (
    <ErrorState
      title={what ? t('boundary.sectionTitle', { what }) : t('boundary.pageTitle')}
      className={what ? undefined : 'mx-auto my-10 w-full max-w-3xl'}
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 && query.queryKey[0] !== '/api/user' });
            retry();
          }}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {t('boundary.retry')}
        </Button>
      }
    >
      {t('boundary.text')}
    </ErrorState>
  );
  return (
    <Boundary resetKey={resetKey} fallback={fallback}>
      {children}
    </Boundary>
  );
}
