import { lazy, Suspense } from 'react';
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
// The dashboard shows the member's clock card (and, to admins, corrections waiting); the attendance feature owns it, the app composes the two.
const DashboardToday = lazy(() =>
  import('../features/attendance/components/dashboard-today').then((m) => ({ default: m.DashboardToday })),
);
const Allow = lazy(() => import('./allow'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const MembersScreen = lazy(() => import('../features/members/members-screen'));
const MemberScreen = lazy(() => import('../features/members/member-screen'));
const TeamsScreen = lazy(() => import('../features/teams/teams-screen'));
const TeamScreen = lazy(() => import('../features/teams/team-screen'));
const CompaniesScreen = lazy(() => import('../features/companies/companies-screen'));
const CompanyScreen = lazy(() => import('../features/companies/company-screen'));
const AuditLogScreen = lazy(() => import('../features/audit-log/audit-log-screen'));
const JoinScreen = lazy(() => import('../features/join/join-screen'));
const InvitationScreen = lazy(() => import('../features/invitations/invitation-screen'));
const DepartmentsScreen = lazy(() => import('../features/departments/departments-screen'));
const EmployeesScreen = lazy(() => import('../features/employees/employees-screen'));
const EmployeeScreen = lazy(() => import('../features/employees/employee-screen'));
const PeopleSettingsScreen = lazy(() => import('../features/employees/people-settings-screen'));
const OrgChartScreen = lazy(() => import('../features/employees/org-chart-screen'));
const MyAttendanceScreen = lazy(() => import('../features/attendance/my-attendance-screen'));
const DayBoardScreen = lazy(() => import('../features/attendance/day-board-screen'));
const TimeOffTypesScreen = lazy(() => import('../features/time-off/time-off-types-screen'));
const TimeOffScreen = lazy(() => import('../features/time-off/time-off-screen'));
const JobsScreen = lazy(() => import('../features/jobs/jobs-screen'));
const PlatformScreen = lazy(() => import('../features/companies/platform-screen'));
const CompanyPagesScreen = lazy(() => import('../features/company-pages/company-pages-screen'));
const ReceivedMessagesScreen = lazy(() => import('../features/company-pages/received-messages-screen'));
const CorrectionsScreen = lazy(() => import('../features/attendance/corrections-screen'));
const TimesheetsScreen = lazy(() => import('../features/attendance/timesheets-screen'));
const AttendanceSettingsScreen = lazy(() => import('../features/attendance/attendance-settings-screen'));
const PoliciesScreen = lazy(() => import('../features/policies/policies-screen'));
const PolicyScreen = lazy(() => import('../features/policies/policy-screen'));
const MyPoliciesScreen = lazy(() => import('../features/policies/my-policies-screen'));
const MyPolicyScreen = lazy(() => import('../features/policies/my-policy-screen'));
const CertificationsScreen = lazy(() => import('../features/certifications/certifications-screen'));
const CertificationScreen = lazy(() => import('../features/certifications/certification-screen'));
const MyCertificationsScreen = lazy(() => import('../features/certifications/my-certifications-screen'));
const StatsScreen = lazy(() => import('../features/stats/stats-screen'));
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
