import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../lib/password';
import { companies } from '../schema/index';
import { addMembership, createCompany, createTeam, createUser, personFor } from './factories';

export const DEMO_PASSWORD = 'Demo1234';

export interface DemoInfo {
  logins: Array<{ email: string; note: string }>;
}

const LOGINS: DemoInfo['logins'] = [
  { email: 'super@example.com', note: 'super admin (read + write), admin of Acme' },
  { email: 'alice@example.com', note: 'admin of Acme, member of Globex' },
  { email: 'bob@example.com', note: 'member of Acme, disabled in Globex' },
];

/** The fixed demo (idempotent): Acme and Globex, three named logins and ~40 more members. */
export async function seedDemo(app: FastifyInstance): Promise<DemoInfo> {
  const existing = await app.db.system((tx) =>
    tx.select({ id: companies.id }).from(companies).where(eq(companies.subDomain, 'acme')).limit(1),
  );
  if (existing.length) return { logins: LOGINS };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await app.db.system(async (tx) => {
    const acme = await createCompany(tx, {
      name: 'Acme Corp',
      subDomain: 'acme',
      description: 'Makers of everything, since 1949.',
    });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex', description: 'Global exports.' });

    const superUser = await createUser(tx, {
      email: 'super@example.com',
      firstName: 'Sam',
      lastName: 'Super',
      passwordHash,
      roles: ['super_admin', 'super_admin_write'],
    });
    const alice = await createUser(tx, {
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Anders',
      passwordHash,
    });
    const bob = await createUser(tx, { email: 'bob@example.com', firstName: 'Bob', lastName: 'Brown', passwordHash });

    let t = Date.now() - 90 * 86_400_000;
    const at = () => {
      t += 3_600_000;
      return new Date(t);
    };
    await addMembership(tx, acme.id, superUser.id, { roles: ['admin'], createdAt: at() });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'], createdAt: at() });
    await addMembership(tx, globex.id, alice.id, { roles: ['member'], createdAt: at() });
    await addMembership(tx, acme.id, bob.id, { roles: ['member'], createdAt: at() });
    await addMembership(tx, globex.id, bob.id, { roles: ['member'], enabled: false, createdAt: at() });

    const acmeMembers: string[] = [alice.id, bob.id];
    const globexMembers: string[] = [alice.id];
    for (let i = 0; i < 42; i++) {
      const inAcme = i % 3 !== 2;
      const person = personFor(i, inAcme ? 'acme.example.com' : 'globex.example.com');
      const user = await createUser(tx, { ...person, passwordHash });
      if (inAcme) {
        await addMembership(tx, acme.id, user.id, {
          roles: i % 10 === 0 ? ['admin'] : ['member'],
          enabled: i % 13 !== 5,
          createdAt: at(),
        });
        acmeMembers.push(user.id);
      } else {
        await addMembership(tx, globex.id, user.id, { roles: i % 11 === 2 ? ['admin'] : ['member'], createdAt: at() });
        globexMembers.push(user.id);
      }
    }
    const globexAdmin = await createUser(tx, {
      email: 'grace@globex.example.com',
      firstName: 'Grace',
      lastName: 'Globex',
      passwordHash,
    });
    await addMembership(tx, globex.id, globexAdmin.id, { roles: ['admin'], createdAt: at() });

    await createTeam(tx, acme.id, {
      name: 'Engineering',
      description: 'Builds the products.',
      leadUserId: alice.id,
      memberIds: acmeMembers.slice(0, 8),
    });
    await createTeam(tx, acme.id, {
      name: 'Sales',
      description: 'Sells the products.',
      leadUserId: acmeMembers[3],
      memberIds: acmeMembers.slice(6, 14),
    });
    await createTeam(tx, acme.id, {
      name: 'Support',
      description: 'Helps the customers.',
      memberIds: acmeMembers.slice(12, 20),
    });
    await createTeam(tx, globex.id, {
      name: 'Operations',
      leadUserId: globexAdmin.id,
      memberIds: globexMembers.slice(0, 6),
    });
  });
  app.log.info('demo seed created');
  return { logins: LOGINS };
}
