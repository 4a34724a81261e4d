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
const UsersScreen = lazy(() => import('../features/users/users-screen'));
const MemberScreen = lazy(() => import('../features/users/member-screen'));
const TeamsScreen = lazy(() => import('../features/teams/teams-screen'));
const TeamScreen = lazy(() => import('../features/teams/team-screen'));
const CompaniesScreen = lazy(() => import('../features/companies/companies-screen'));
const CompanyScreen = lazy(() => import('../features/companies/company-screen'));
const AuditLogScreen = lazy(() => import('../features/audit-log/audit-log-screen'));
const JoinScreen = lazy(() => import('../features/join/join-screen'));
const InvitationScreen = lazy(() => import('../features/invitations/invitation-screen'));

export const router = createBrowserRouter(
  [
    {
      element: <SessionGate />,
      errorElement: <ErrorPage />,
      children: [
        { path: 'logout', element: <LogoutScreen /> },
        { path: 'error', element: <ErrorPage /> },
        // Opened from the invitation mail, signed in or not (the session start does not move it).
        { path: 'invitations/:token', element: <InvitationScreen /> },
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
                { path: 'join', element: <JoinScreen /> },
                {
                  element: <Allow subject="user" />,
                  children: [
                    { path: 'users', element: <UsersScreen tab="members" /> },
                    { path: 'users/invitations', element: <UsersScreen tab="invitations" /> },
                    { path: 'users/join-requests', element: <UsersScreen tab="join-requests" /> },
                    { path: 'users/:uuid', element: <MemberScreen /> },
                  ],
                },
                {
                  element: <Allow subject="team" />,
                  children: [
                    { path: 'teams', element: <TeamsScreen /> },
                    { path: 'teams/:uuid', element: <TeamScreen /> },
                  ],
                },
                {
                  element: <Allow subject="companies" />,
                  children: [
                    { path: 'companies', element: <CompaniesScreen /> },
                    { path: 'companies/:uuid', element: <CompanyScreen /> },
                  ],
                },
                {
                  element: <Allow subject="compliance" />,
                  children: [{ path: 'audit-log', element: <AuditLogScreen /> }],
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
