import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

const TABS = ['applications', 'payroll'] as const;

function TabButtons() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <>
      <p>open: {tab}</p>
      {TABS.map((name) => (
        <button key={name} type="button" onClick={() => setTab(name)}>
          {name}
        </button>
      ))}
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <TabButtons /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useTabParam', () => {
  it("another tab starts from a clean URL; the first tab's is bare", async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin?tab=payroll&run=3');
    await user.click(screen.getByRole('button', { name: 'applications' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'payroll' }));
    expect(router.state.location.search).toBe('?tab=payroll');
    expect(screen.getByText('open: payroll')).toBeInTheDocument();
  });

  it("choosing the open tab again keeps its state (issue 23: a new pay run's ?run= was lost so)", async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin?tab=payroll&run=3');
    await user.click(screen.getByRole('button', { name: 'payroll' }));
    expect(router.state.location.search).toBe('?tab=payroll&run=3');
  });
});
