import { type ReactElement, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { StatusPage } from '../components/status-page';
import { setAppNavigator } from '../lib/browser';
import { preloadable } from '../lib/preloadable';
import { RequireSession, SessionGate, SignedOutOnly } from './session-gate';

// Every screen is its own chunk: the login screen never downloads the console.
const AppLayout = preloadable(() => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })));
const LoginScreen = preloadable(() => import('../features/auth/login-screen'));
const SignupScreen = preloadable(() => import('../features/auth/signup-screen'));
const ForgotPasswordScreen = preloadable(() => import('../features/auth/forgot-password-screen'));
const ResetPasswordScreen = preloadable(() => import('../features/auth/reset-password-screen'));
const LogoutScreen = preloadable(() => import('../features/auth/logout-screen'));
// The dashboard shows the member's clock card (and, to admins, corrections waiting); the attendance feature owns it, the app composes the two.
const DashboardToday = preloadable(() =>
  import('../features/attendance/components/dashboard-today').then((m) => ({ default: m.DashboardToday })),
);
const DashboardScreen = preloadable(() =>
  Promise.all([import('../features/dashboard/dashboard-screen'), DashboardToday.preload()]).then(([m]) => m),
);
const Allow = preloadable(() => import('./allow'));
const ProfileScreen = preloadable(() => import('../features/profile/profile-screen'));
const MembersScreen = preloadable(() => import('../features/members/members-screen'));
const MemberScreen = preloadable(() => import('../features/members/member-screen'));
const TeamsScreen = preloadable(() => import('../features/teams/teams-screen'));
const TeamScreen = preloadable(() => import('../features/teams/team-screen'));
const CompaniesScreen = preloadable(() => import('../features/companies/companies-screen'));
const CompanyScreen = preloadable(() => import('../features/companies/company-screen'));
const AuditLogScreen = preloadable(() => import('../features/audit-log/audit-log-screen'));
const JoinScreen = preloadable(() => import('../features/join/join-screen'));
const InvitationScreen = preloadable(() => import('../features/invitations/invitation-screen'));
const DepartmentsScreen = preloadable(() => import('../features/departments/departments-screen'));
const EmployeesScreen = preloadable(() => import('../features/employees/employees-screen'));
const EmployeeScreen = preloadable(() => import('../features/employees/employee-screen'));
const PeopleSettingsScreen = preloadable(() => import('../features/employees/people-settings-screen'));
const OrgChartScreen = preloadable(() => import('../features/employees/org-chart-screen'));
const MyAttendanceScreen = preloadable(() => import('../features/attendance/my-attendance-screen'));
const DayBoardScreen = preloadable(() => import('../features/attendance/day-board-screen'));
const TimeOffTypesScreen = preloadable(() => import('../features/time-off/time-off-types-screen'));
const TimeOffScreen = preloadable(() => import('../features/time-off/time-off-screen'));
const JobsScreen = preloadable(() => import('../features/jobs/jobs-screen'));
const PlatformScreen = preloadable(() => import('../features/companies/platform-screen'));
const CompanyPagesScreen = preloadable(() => import('../features/company-pages/company-pages-screen'));
const ReceivedMessagesScreen = preloadable(() => import('../features/company-pages/received-messages-screen'));
const CorrectionsScreen = preloadable(() => import('../features/attendance/corrections-screen'));
const TimesheetsScreen = preloadable(() => import('../features/attendance/timesheets-screen'));
const AttendanceSettingsScreen = preloadable(() => import('../features/attendance/attendance-settings-screen'));
const PoliciesScreen = preloadable(() => import('../features/policies/policies-screen'));
const PolicyScreen = preloadable(() => import('../features/policies/policy-screen'));
const MyPoliciesScreen = preloadable(() => import('../features/policies/my-policies-screen'));
const MyPolicyScreen = preloadable(() => import('../features/policies/my-policy-screen'));
const CertificationsScreen = preloadable(() => import('../features/certifications/certifications-screen'));
const CertificationScreen = preloadable(() => import('../features/certifications/certification-screen'));
const MyCertificationsScreen = preloadable(() => import('../features/certifications/my-certifications-screen'));
const StatsScreen = preloadable(() => import('../features/stats/stats-screen'));
// new-area: screens

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
                {
                  index: true,
                  element: (
                    <DashboardScreen
                      today={
                        <Suspense fallback={null}>
                          <DashboardToday />
                        </Suspense>
                      }
                    />
                  ),
                },
                { path: 'profile', element: <ProfileScreen tab="account" /> },
                { path: 'profile/sessions', element: <ProfileScreen tab="sessions" /> },
                { path: 'join', element: <JoinScreen /> },
                { path: 'attendance', element: <MyAttendanceScreen /> },
                {
                  element: <Allow subject="user" />,
                  children: [
                    { path: 'users', element: <MembersScreen tab="members" /> },
                    { path: 'users/invitations', element: <MembersScreen tab="invitations" /> },
                    { path: 'users/join-requests', element: <MembersScreen tab="join-requests" /> },
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
                    { path: 'platform', element: <PlatformScreen /> },
                  ],
                },
                {
                  element: <Allow subject="jobs" />,
                  children: [{ path: 'jobs', element: <JobsScreen /> }],
                },
                {
                  element: <Allow subject="compliance" />,
                  children: [{ path: 'audit-log', element: <AuditLogScreen /> }],
                },
                {
                  element: <Allow subject="default" />,
                  children: [
                    { path: 'people', element: <EmployeesScreen /> },
                    { path: 'people/:uuid', element: <EmployeeScreen /> },
                    { path: 'org-chart', element: <OrgChartScreen /> },
                    { path: 'departments', element: <DepartmentsScreen /> },
                    { path: 'messages', element: <ReceivedMessagesScreen /> },
                  ],
                },
                {
                  element: <Allow subject="attendance" />,
                  children: [
                    { path: 'attendance/board', element: <DayBoardScreen /> },
                    { path: 'attendance/corrections', element: <CorrectionsScreen /> },
                    { path: 'attendance/timesheets', element: <TimesheetsScreen /> },
                    { path: 'attendance/settings', element: <AttendanceSettingsScreen /> },
                  ],
                },
                {
                  element: <Allow subject="dashboard" />,
                  children: [{ path: 'company-pages', element: <CompanyPagesScreen /> }],
                },
                {
                  element: <Allow subject="compliance" />,
                  children: [
                    { path: 'policies', element: <PoliciesScreen /> },
                    { path: 'policies/:uuid', element: <PolicyScreen /> },
                    { path: 'certifications', element: <CertificationsScreen /> },
                    { path: 'certifications/:uuid', element: <CertificationScreen /> },
                  ],
                },
                {
                  element: <Allow subject="default" />,
                  children: [
                    { path: 'my-policies', element: <MyPoliciesScreen /> },
                    { path: 'my-policies/:uuid', element: <MyPolicyScreen /> },
                    { path: 'my-certifications', element: <MyCertificationsScreen /> },
                  ],
                },
                { path: 'time-off', element: <TimeOffScreen /> },
                {
                  element: <Allow subject="peopleHR" />,
                  children: [
                    { path: 'time-off-types', element: <TimeOffTypesScreen /> },
                    { path: 'people/settings', element: <PeopleSettingsScreen /> },
                  ],
                },
                {
                  element: <Allow subject="stats" />,
                  children: [{ path: 'stats', element: <StatsScreen /> }],
                },
                // new-area: routes
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

/**
 * Starts the chunks of the screen at `pathname` (its layout, its guard, the screen) so that they
 * arrive while the session starts and the screen renders without a suspension. A signed-out visitor
 * goes to the sign-in instead, and the chunks wait in the browser's cache for the way back.
 */
export function preloadRoute(pathname: string) {
  for (const m of matchRoutes(router.routes, pathname, '/admin') ?? []) {
    const type = (m.route.element as ReactElement | undefined)?.type as
      | { preload?: () => Promise<unknown> }
      | undefined;
    type?.preload?.().catch(() => undefined);
  }
}
