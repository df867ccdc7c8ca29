import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { ScrollToHash } from './ScrollToHash';

describe('ScrollToHash', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the page the visitor arrived on where it is, and goes to the top on the next page', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToHash />
        <Link to="/terms">terms</Link>
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled(); // issue 18: the reader may have scrolled the drawn landing page
    fireEvent.click(screen.getByRole('link', { name: 'terms' }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
