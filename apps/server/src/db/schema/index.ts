export * from './audit';
export * from './auth';
export * from './companies';
export * from './invitations';
export * from './memberships';
export * from './teams';
export * from './users';
export * from './files';
