import fastifyMultipart from '@fastify/multipart';
import { MAX_FILE_BYTES } from '@wac/shared/constants';
import type { FastifyInstance } from 'fastify';
import calendarRoutes from './attendance/calendar.routes';
import clockRoutes from './attendance/clock.routes';
import correctionRoutes from './attendance/corrections.routes';
import timesheetRoutes from './attendance/timesheets.routes';
import auditLogRoutes from './audit-log/audit-log.routes';
import companiesRoutes from './companies/companies.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import filesRoutes from './files/files.routes';
import invitationsRoutes from './invitations/invitations.routes';
import joinRequestsRoutes from './join-requests/join-requests.routes';
import membersRoutes from './members/members.routes';
import profileRoutes from './profile/profile.routes';
import teamsRoutes from './teams/teams.routes';
import departmentsRoutes from './departments/departments.routes';
import employeesRoutes from './employees/employees.routes';
import companyPagesRoutes from './company-pages/company-pages.routes';
import publicPagesRoutes from './company-pages/public-pages.routes';
import presenceRoutes from './presence/presence.routes';
import searchRoutes from './search/search.routes';
import policiesRoutes from './policies/policies.routes';
import timeOffTypesRoutes from './time-off/time-off-types.routes';
import timeOffRoutes from './time-off/time-off.routes';
import statsRoutes from './stats/stats.routes';
import certificationsRoutes from './certifications/certifications.routes';
import complianceRoutes from './compliance/evidence-export.routes';
// new-area: imports

/** The company areas: members, invitations, teams, join requests, companies, profile, audit, and every new area. */
export default async function adminModules(app: FastifyInstance) {
  // Multipart stays inside this plugin: only the upload and import routes here accept it.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await app.register(filesRoutes);
  await app.register(membersRoutes);
  await app.register(invitationsRoutes);
  await app.register(teamsRoutes);
  await app.register(joinRequestsRoutes);
  await app.register(companiesRoutes);
  await app.register(profileRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditLogRoutes);
  await app.register(departmentsRoutes);
  await app.register(employeesRoutes);
  await app.register(calendarRoutes);
  await app.register(clockRoutes);
  await app.register(companyPagesRoutes);
  await app.register(publicPagesRoutes);
  await app.register(searchRoutes);
  await app.register(presenceRoutes);
  await app.register(correctionRoutes);
  await app.register(timesheetRoutes);
  await app.register(policiesRoutes);
  await app.register(timeOffTypesRoutes);
  await app.register(timeOffRoutes);
  await app.register(statsRoutes);
  await app.register(certificationsRoutes);
  await app.register(complianceRoutes);
  // new-area: register
}
