import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import i18n from '@/test/i18n';
import { jsonResponse, stubApi } from '@/test/render';
import { RenderErrorBoundary } from './error-boundary';

/** A list drawn from a query, as every table does: an answer that is not a list throws 't.map is not a function'. */
function Names() {
  const { data } = useQuery({ queryKey: ['/api/names'] });
  if (data === undefined) return <p>loading</p>;
  return (
    <ul>
      {(data as string[]).map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  // React reports every caught render error on the console; the tests look at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('RenderErrorBoundary (issue 37: an answer of an unexpected shape left a white page)', () => {
  it('says what could not be shown, in the reader\'s language, and asks again on Try again', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    let answers = 0;
    stubApi({ 'GET /api/names': () => jsonResponse(200, answers++ === 0 ? { names: 'not a list' } : ['Mari', 'Jaan']) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <p>header stays</p>
        <RenderErrorBoundary what="Dokumendid">
          <Names />
        </RenderErrorBoundary>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Vaadet „Dokumendid” ei õnnestunud kuvada' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Palun proovige uuesti');
    expect(alert).not.toHaveTextContent('is not a function');
    expect(screen.getByText('header stays')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Proovi uuesti' }));
    expect(await screen.findByText('Jaan')).toBeInTheDocument();
    expect(answers).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
