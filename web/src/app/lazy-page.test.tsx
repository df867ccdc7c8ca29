import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Page() {
  return <h1>the page</h1>;
}

function renderLazy(Component: React.ComponentType) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyPage (issue 18 "First load": route-level splitting)', () => {
  it('downloads the page once, whether preloaded or rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    const preloaded = page.preload();
    renderLazy(page.Component);
    expect(await screen.findByRole('heading', { name: 'the page' })).toBeInTheDocument();
    expect(await preloaded).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while the code is on its way', async () => {
    let arrive: (page: typeof Page) => void = () => {};
    const page = lazyPage(() => new Promise<typeof Page>((resolve) => (arrive = resolve)));
    renderLazy(page.Component);
    expect(screen.getByText('loading')).toBeInTheDocument();
    arrive(Page);
    expect(await screen.findByRole('heading', { name: 'the page' })).toBeInTheDocument();
  });

  it('renders a page whose code has already arrived without suspending', async () => {
    const page = lazyPage(() => Promise.resolve(Page));
    await page.preload();
    renderLazy(page.Component);
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'the page' })).toBeInTheDocument();
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn<() => Promise<typeof Page>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Page);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toBe(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
