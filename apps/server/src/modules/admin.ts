import fastifyMultipart from '@fastify/multipart';
import { MAX_FILE_BYTES } from '@wac/shared/constants';
import type { FastifyInstance } from 'fastify';
import auditLogRoutes from './audit-log/audit-log.routes';
import companiesRoutes from './companies/companies.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import filesRoutes from './files/files.routes';
import invitationsRoutes from './invitations/invitations.routes';
import joinRequestsRoutes from './join-requests/join-requests.routes';
import membersRoutes from './members/members.routes';
import profileRoutes from './profile/profile.routes';
import teamsRoutes from './teams/teams.routes';

/** The administration core (issue 4): members, invitations, teams, join requests, companies, profile, audit. */
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
}
