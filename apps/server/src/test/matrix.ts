import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { addMembership, createCompany, createUser } from '../db/seed/factories';
import { tokenFor } from './harness';

/**
 * The authorization matrix: every route × every kind of caller × {own company host, foreign
 * company host}, each cell with the status it must answer. Modules describe their routes in a
 * `<area>.matrix.ts` next to them and add it to authorization-matrix.test.ts.
 */
export const CALLERS = [
  'signedOut',
  'member',
  'admin',
  'disabledMember',
  'nonMember',
  'superAdmin',
  'superAdminWrite',
] as const;
export type Caller = (typeof CALLERS)[number];
export const HOSTS = ['own', 'foreign'] as const;
export type HostKind = (typeof HOSTS)[number];

export interface MatrixCompany {
  id: string;
  subDomain: string;
}
export interface MatrixUser {
  id: string;
  email: string;
}

/** The data every cell runs against: acme is "own", globex "foreign"; callers are relative to acme. */
export interface MatrixWorld {
  companies: { own: MatrixCompany; foreign: MatrixCompany; elsewhere: MatrixCompany };
  users: Record<Exclude<Caller, 'signedOut'>, MatrixUser> & {
    /** An acme member who is never the caller: the "someone else" of a route. */
    bystander: MatrixUser;
  };
  /** A live session of the bystander (for routes that target someone else's session). */
  bystanderSessionId: string;
}

export interface Cell {
  app: FastifyInstance;
  world: MatrixWorld;
  caller: Caller;
  hostKind: HostKind;
  /** The company whose sub-domain the request goes to (the caller's token was issued there). */
  host: MatrixCompany;
  user: MatrixUser | null;
  token: string | null;
  sessionId: string | null;
  /** Unique per cell: for emails, names and client addresses that must not collide. */
  n: number;
}

export type CellRequest = Pick<InjectOptions, 'url' | 'payload' | 'headers' | 'cookies'>;

export interface MatrixRoute {
  /** As in the OpenAPI document: `GET /api/users/{uuid}`. */
  route: string;
  /** What this variant of the route does, when a route has several. */
  variant?: string;
  request(cell: Cell): CellRequest | Promise<CellRequest>;
  /** Expected status per caller: [own company host, foreign company host]. */
  expect: Record<Caller, readonly [number, number]>;
  /** Status when a token issued on the own host is replayed on the foreign host; 401 unless told. */
  replay?: number;
  /**
   * Status for a base-domain session (the browser's sign-in, decision 012) of BASE_CALLERS on the
   * base domain: 403 unless the route opts in with `config.baseDomainSession`. On a company host
   * the same token answers `replay` (it was issued elsewhere).
   */
  base?: number | Partial<Record<(typeof BASE_CALLERS)[number], number>>;
}

/** Who holds the base-domain sessions the matrix tries: a company admin and a super admin who may write. */
export const BASE_CALLERS = ['member', 'admin', 'superAdminWrite'] as const;

/** Every caller, both hosts: the same status. */
export const everyone = (status: number): MatrixRoute['expect'] =>
  Object.fromEntries(CALLERS.map((c) => [c, [status, status]])) as unknown as MatrixRoute['expect'];

/** Signed-out answers `signedOut`; every signed-in caller `signedIn`, on both hosts. */
export const signedIn = (status: number, signedOut = 401): MatrixRoute['expect'] => ({
  ...everyone(status),
  signedOut: [signedOut, signedOut],
});

export async function buildMatrixWorld(app: FastifyInstance): Promise<MatrixWorld> {
  const world = await app.db.system(async (tx) => {
    const own = await createCompany(tx, { name: 'Matrix Acme', subDomain: 'mx-acme' });
    const foreign = await createCompany(tx, { name: 'Matrix Globex', subDomain: 'mx-globex' });
    const elsewhere = await createCompany(tx, { name: 'Matrix Initech', subDomain: 'mx-initech' });
    const mk = (email: string, roles: string[] = []) => createUser(tx, { email, roles });
    const member = await mk('member@mx-acme.test');
    const admin = await mk('admin@mx-acme.test');
    const disabledMember = await mk('disabled@mx-acme.test');
    const nonMember = await mk('outsider@mx-initech.test');
    const superAdmin = await mk('super@mx-platform.test', ['super_admin']);
    const superAdminWrite = await mk('super-write@mx-platform.test', ['super_admin', 'super_admin_write']);
    const bystander = await mk('bystander@mx-acme.test');
    await addMembership(tx, own.id, member.id);
    await addMembership(tx, own.id, admin.id, { roles: ['admin'] });
    await addMembership(tx, own.id, disabledMember.id, { enabled: false });
    await addMembership(tx, elsewhere.id, nonMember.id);
    await addMembership(tx, own.id, bystander.id);
    const pick = (c: { id: string; subDomain: string }) => ({ id: c.id, subDomain: c.subDomain });
    const u = (x: { id: string; email: string }) => ({ id: x.id, email: x.email });
    return {
      companies: { own: pick(own), foreign: pick(foreign), elsewhere: pick(elsewhere) },
      users: {
        member: u(member),
        admin: u(admin),
        disabledMember: u(disabledMember),
        nonMember: u(nonMember),
        superAdmin: u(superAdmin),
        superAdminWrite: u(superAdminWrite),
        bystander: u(bystander),
      },
    };
  });
  const { sessionId } = await tokenFor(app, world.users.bystander.id, world.companies.own.id);
  return { ...world, bystanderSessionId: sessionId };
}

/** A fresh session per cell, issued on the cell's host, so a route that ends it harms no other cell. */
export async function cellFor(
  app: FastifyInstance,
  world: MatrixWorld,
  caller: Caller,
  hostKind: HostKind,
  n: number,
): Promise<Cell> {
  const host = world.companies[hostKind];
  if (caller === 'signedOut') {
    return { app, world, caller, hostKind, host, user: null, token: null, sessionId: null, n };
  }
  const user = world.users[caller];
  const { token, sessionId } = await tokenFor(app, user.id, host.id);
  return { app, world, caller, hostKind, host, user, token, sessionId, n };
}

/** Some id that is nobody's: for routes that target a missing thing. */
export const nobody = () => randomUUID();
