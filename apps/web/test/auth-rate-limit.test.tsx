import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RegisterForm, SignInForm } from '../src/features/auth/AuthForms';
import { i18n } from '../src/i18n';

function tooMany() {
  return new TRPCClientError('Too many', {
    result: {
      error: { code: -32029, message: 'Too many', data: { appCode: 'TOO_MANY_REQUESTS', field: null } },
    },
  } as never);
}

describe('a rate-limited sign-in or registration', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('sign-in says to try again later instead of "invalid email or password"', async () => {
    render(<SignInForm submit={vi.fn().mockRejectedValue(tooMany())} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many sign-in attempts. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('registration says the same', async () => {
    render(<RegisterForm submit={vi.fn().mockRejectedValue(tooMany())} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Too many sign-in attempts. Please try again later.')).toBeTruthy();
  });
});
