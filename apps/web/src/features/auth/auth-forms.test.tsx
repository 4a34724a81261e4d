import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import LoginScreen from './login-screen';
import ResetPasswordScreen from './reset-password-screen';
import SignupScreen from './signup-screen';

// These forms are the base domain's (a company's sign-in page sends the browser there: see
// login-screen.test.tsx); the test page's address stays on acme so that the API mocks answer.
vi.mock('../../lib/host', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/host')>()),
  currentHost: () => ({ subDomain: null, base: 'localhost:3000', protocol: 'http:' }),
}));

let requests: string[] = [];
let toasts: ToastRequest[] = [];
let stopToasts: () => void;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  requests = [];
  toasts = [];
  stopToasts = onToast((t) => toasts.push(t));
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  sessionStore.reset({ status: 'signedOut' });
});
afterEach(async () => {
  server.resetHandlers();
  server.events.removeAllListeners();
  stopToasts();
  await setLanguage('en', false);
});

describe('login form', () => {
  it('explains empty and malformed input inline before any request', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginScreen />, '/login');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('focuses the first wrong field, checks again as the person types, and puts a server field error on its field', async () => {
    server.use(
      http.post(`${ORIGIN}/api/jwt/login`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Invalid input.',
            issues: [{ path: 'password', message: 'Too long.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<LoginScreen />, '/login');
    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'Secret-1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    await user.type(email, 'alice@example.com');
    await waitFor(() => expect(screen.queryByText('This field is required.')).toBeNull());
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(requests).toEqual(['POST /api/jwt/login']);
    expect(toasts).toEqual([]);
  });

  it('shows "Invalid credentials." inline and never as a toast', async () => {
    server.use(
      http.post(`${ORIGIN}/api/jwt/login`, () =>
        HttpResponse.json({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<LoginScreen />, '/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Alice@Example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong-1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials.');
    expect(requests).toEqual(['POST /api/jwt/login']);
    expect(toasts).toEqual([]);
  });

  it('shows the field messages in the chosen language (Arabic)', async () => {
    await setLanguage('ar', false);
    const user = userEvent.setup();
    renderScreen(<LoginScreen />, '/login');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب.')).toHaveLength(2);
  });
});

describe('sign-up form', () => {
  it('proposes the sub-domain from the company name and applies the shared password rules', async () => {
    const user = userEvent.setup();
    renderScreen(<SignupScreen />, '/signup');
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Müller & Söhne GmbH');
    expect(screen.getByRole('textbox', { name: 'Sub-domain' })).toHaveValue('muller-sohne-gmbh');

    await user.type(screen.getByLabelText(/^Password/), 'alllowercase');
    await user.type(screen.getByLabelText(/^Confirm password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password must contain at least one number.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'nocase123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password must contain upper and lower case letters.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Sub-domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Sub-domain' }), '-bad-');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Use 3 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen.',
      ),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("puts the server's field issue (work email) on the field and moves to the code step on success", async () => {
    let attempt = 0;
    server.use(
      http.post(`${ORIGIN}/api/jwt/register`, () => {
        attempt++;
        if (attempt === 1) {
          const message = 'We are sorry, we do not allow this email address. Please use your work email address.';
          return HttpResponse.json(
            { code: 'WORK_EMAIL_REQUIRED', message, issues: [{ path: 'email', code: 'WORK_EMAIL_REQUIRED', message }] },
            { status: 400 },
          );
        }
        return HttpResponse.json({
          registrationId: '44444444-4444-4444-8444-444444444444',
          email: 'peter@initech.com',
          subDomain: 'initech',
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<SignupScreen />, '/signup');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Peter');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Gibbons');
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'peter@gmail.com');
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Initech');
    await user.type(screen.getByLabelText(/^Password/), 'Tps-Report-2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tps-Report-2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getAllByText(/we do not allow this email address/).length).toBeGreaterThanOrEqual(1),
    );

    await user.clear(screen.getByRole('textbox', { name: 'Work email' }));
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'peter@initech.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We sent a 6-digit security code to peter@initech.com.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and create my workspace' }));
    expect(await screen.findByText('Please enter the 6-digit security code.')).toBeInTheDocument();
    expect(requests).toEqual(['POST /api/jwt/register', 'POST /api/jwt/register']);
  });
});

describe('reset password form', () => {
  it('requires a 6-digit code and matching strong passwords', async () => {
    const user = userEvent.setup();
    renderScreen(<ResetPasswordScreen />, '/reset-password?email=alice%40example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('alice@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '12a');
    await user.type(screen.getByLabelText(/^New password/), 'Short1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Short2');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Please enter the 6-digit security code.')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("puts the server's errors on their fields, focused, and toasts only what belongs to no field", async () => {
    // As the server answers them: a code and a message, no field path.
    const answers = [
      [400, 'PASSWORD_TOO_COMMON', 'This password is too common. Please choose another one.'],
      [400, 'INVALID_OTP', 'Invalid otp code'],
      [429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'],
    ] as const;
    let attempt = 0;
    server.use(
      http.post(`${ORIGIN}/api/jwt/reset-password`, () => {
        const [status, code, message] = answers[attempt++] ?? answers[2];
        return HttpResponse.json({ code, message }, { status });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<ResetPasswordScreen />, '/reset-password?email=alice%40example.com');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123456');
    await user.type(screen.getByLabelText(/^New password/), 'Password123!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Password123!');
    const submit = screen.getByRole('button', { name: 'Set the new password' });

    await user.click(submit);
    const password = screen.getByLabelText(/^New password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/too common/));
    expect(password).toHaveFocus();

    await user.click(submit);
    const otp = screen.getByRole('textbox', { name: 'Security code' });
    await waitFor(() => expect(otp).toHaveAccessibleDescription('Invalid otp code'));
    expect(otp).toHaveFocus();
    await new Promise((r) => setTimeout(r, 20));
    expect(toasts).toEqual([]);

    // Too many attempts is about no field: a toast.
    await user.click(submit);
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual([answers[2][2]]));
    expect(requests.filter((r) => r.endsWith('reset-password'))).toHaveLength(3);
  });
});
