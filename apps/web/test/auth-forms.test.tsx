import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RegisterForm, SignInForm } from '../src/features/auth/AuthForms';
import { isEmail, validateRegister, validateSignIn } from '../src/features/auth/validation';
import { i18n } from '../src/i18n';

function apiError(appCode: string, field: string | null = null) {
  return new TRPCClientError('failed', {
    result: { error: { code: -32600, message: 'failed', data: { appCode, field } } },
  } as never);
}

describe('auth validation rules (spec §5)', () => {
  it('asks for the email and the password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'enterEmail',
      password: 'enterPassword',
    });
    expect(validateSignIn({ email: '   ', password: 'x' })).toEqual({ email: 'enterEmail' });
  });

  it('wants a valid email address', () => {
    expect(validateSignIn({ email: 'demo', password: 'x' })).toEqual({ email: 'invalidEmail' });
    expect(validateSignIn({ email: ' demo@example.com ', password: 'demo' })).toEqual({});
    for (const bad of ['a@b', '@b.co', 'a b@c.de', 'a@b c.de']) expect(isEmail(bad), bad).toBe(false);
  });

  it('needs a name and a 6-character password to register', () => {
    expect(validateRegister({ name: ' ', email: 'a@b.co', password: '12345' })).toEqual({
      name: 'enterName',
      password: 'passwordTooShort',
    });
    expect(validateRegister({ name: 'Ann', email: 'a@b.co', password: '123456' })).toEqual({});
  });
});

describe('sign-in and registration forms', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows the missing-field messages and does not submit', async () => {
    const submit = vi.fn();
    render(<SignInForm submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the email format, then clears the message as it is fixed', async () => {
    render(<SignInForm submit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('submits trimmed values and shows "Invalid email or password" on INVALID_CREDENTIALS', async () => {
    const submit = vi.fn().mockRejectedValue(apiError('INVALID_CREDENTIALS'));
    render(<SignInForm submit={submit} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' demo@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(submit).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'wrong' });
  });

  it('shows the generic error for other failures', async () => {
    render(<SignInForm submit={vi.fn().mockRejectedValue(new Error('offline'))} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
  });

  it('puts "This email is already taken" on the email field on EMAIL_TAKEN', async () => {
    const submit = vi.fn().mockRejectedValue(apiError('EMAIL_TAKEN', 'email'));
    render(<RegisterForm submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ann ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already taken')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({ name: 'Ann', email: 'demo@example.com', password: 'secret1' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    expect(screen.queryByText('This email is already taken')).toBeNull();
  });

  it('speaks Russian by default', async () => {
    await i18n.changeLanguage('ru');
    render(<SignInForm submit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите email')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
