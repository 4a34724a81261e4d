import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { StatusPage } from '../components/status-page';
import { setAppNavigator } from '../lib/browser';
import { RequireSession, SessionGate, SignedOutOnly } from './session-gate';

// Every screen is its own chunk: the login screen never downloads the console.
const AppLayout = lazy(() => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })));
const LoginScreen = lazy(() => import('../features/auth/login-screen'));
const SignupScreen = lazy(() => import('../features/auth/signup-screen'));
const ForgotPasswordScreen = lazy(() => import('../features/auth/forgot-password-screen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/reset-password-screen'));
const LogoutScreen = lazy(() => import('../features/auth/logout-screen'));
const DashboardScreen = lazy(() => import('../features/dashboard/dashboard-screen'));
const Allow = lazy(() => import('./allow'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));

export const router = createBrowserRouter(
  [
    {
      element: <SessionGate />,
      errorElement: <ErrorPage />,
      children: [
        { path: 'logout', element: <LogoutScreen /> },
        { path: 'error', element: <ErrorPage /> },
        {
          element: <SignedOutOnly />,
          children: [
            { path: 'login', element: <LoginScreen /> },
            { path: 'signup/*', element: <SignupScreen /> },
            { path: 'forgot-password', element: <ForgotPasswordScreen /> },
            { path: 'reset-password', element: <ResetPasswordScreen /> },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              errorElement: <ErrorPage />,
              children: [
                { index: true, element: <DashboardScreen /> },
                { path: 'profile', element: <ProfileScreen tab="account" /> },
                { path: 'profile/sessions', element: <ProfileScreen tab="sessions" /> },
                // Areas other features fill in; until then a placeholder behind the right permission.
                {
                  element: <Allow subject="user" />,
                  children: [{ path: 'users/*', element: <StatusPage kind="placeholder" /> }],
                },
                {
                  element: <Allow subject="team" />,
                  children: [{ path: 'teams/*', element: <StatusPage kind="placeholder" /> }],
                },
                {
                  element: <Allow subject="companies" />,
                  children: [{ path: 'companies/*', element: <StatusPage kind="placeholder" /> }],
                },
                { path: 'not-authorized', element: <StatusPage kind="notAuthorized" /> },
                { path: '*', element: <StatusPage kind="notFound" /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

setAppNavigator((path) => void router.navigate(path));
