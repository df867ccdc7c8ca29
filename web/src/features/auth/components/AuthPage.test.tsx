import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { renderRoute } from '@/test/render';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('auth screen (spec §2)', () => {
  it('changes hero text, document title and meta description with the tab', async () => {
    const user = userEvent.setup();
    renderRoute('/auth', { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(document.title).toBe('Log in | Shelf Board');
    expect(description()).toMatch(/^Log in to follow/);

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Apply in one step' })).toBeInTheDocument();
    expect(document.title).toBe('Register | Shelf Board');
    expect(description()).toMatch(/^Create an account/);
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('opens the register tab from ?tab=register', () => {
    renderRoute('/auth?tab=register', { user: null });
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is in Estonian by default texts when the language is et', async () => {
    await i18n.changeLanguage('et');
    renderRoute('/auth', { user: null });
    expect(screen.getByRole('tab', { name: 'Logi sisse' })).toBeInTheDocument();
    expect(screen.getByLabelText('Kasutajanimi')).toBeInTheDocument();
    expect(screen.getByLabelText('Parool')).toBeInTheDocument();
  });
});
