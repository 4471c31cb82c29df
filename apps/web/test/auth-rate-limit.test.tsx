import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RegisterForm, SignInForm } from '../src/features/auth/AuthForms';
import { i18n } from '../src/i18n';

function refused(appCode: string, code: number) {
  return new TRPCClientError(appCode, {
    result: { error: { code, message: appCode, data: { appCode, field: null } } },
  } as never);
}
const tooMany = () => refused('TOO_MANY_REQUESTS', -32029);

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

  it('a blocked account is told so, not "invalid email or password"', async () => {
    render(<SignInForm submit={vi.fn().mockRejectedValue(refused('ACCOUNT_BLOCKED', -32003))} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('This account is blocked. If this is a mistake, please contact support.'),
    ).toBeTruthy();
  });
});
