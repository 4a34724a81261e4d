import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedAttendance } from './attendance-demo';
import { seedCertificationsDemo } from './certifications-demo';
import { seedComplianceDemo } from './compliance-demo';
import { hashPassword } from '../../lib/password';
import { auditLog, companies } from '../schema/index';
import { addMembership, createCompany, createTeam, createUser, personFor } from './factories';
import { seedCompanyPagesDemo } from './company-pages-demo';
import { seedPeopleDemo } from './people-demo';
import { seedJoiners, seedStatsDemo } from './stats-demo';
import { currentLeave, leaveDays, seedTimeOff, type TimeOffDemoInput } from './time-off-demo';

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

    const engineering = await createTeam(tx, acme.id, {
      name: 'Engineering',
      description: 'Builds the products.',
      leadUserId: alice.id,
      memberIds: acmeMembers.slice(0, 8),
    });
    const sales = await createTeam(tx, acme.id, {
      name: 'Sales',
      description: 'Sells the products.',
      leadUserId: acmeMembers[3],
      memberIds: acmeMembers.slice(6, 14),
    });
    const support = await createTeam(tx, acme.id, {
      name: 'Support',
      description: 'Helps the customers.',
      memberIds: acmeMembers.slice(12, 20),
    });
    // The audit log is not empty on a first visit: Alice made Acme's teams (and the chain has rows
    // for "Verify integrity" to check).
    await tx.insert(auditLog).values(
      [engineering, sales, support].map((team) => ({
        companyId: acme.id,
        actorUserId: alice.id,
        action: 'team.create',
        targetType: 'team',
        targetId: team.id,
        after: { name: team.name, description: team.description, leadUserId: team.leadUserId },
      })),
    );
    await createTeam(tx, globex.id, {
      name: 'Operations',
      leadUserId: globexAdmin.id,
      memberIds: globexMembers.slice(0, 6),
    });
    await seedPeopleDemo(tx, {
      acme: acme.id,
      globex: globex.id,
      superUser: superUser.id,
      alice: alice.id,
      bob: bob.id,
      acmeOthers: acmeMembers.slice(2),
      globexAdmin: globexAdmin.id,
      globexOthers: globexMembers.slice(1),
    });
    await seedCompanyPagesDemo(tx, {
      acme: acme.id,
      alice: alice.id,
      bob: bob.id,
      others: [acmeMembers[2]!, acmeMembers[3]!],
      team: engineering.id,
    });
    // One Acme member is on approved leave today (and the next working day): the day board shows
    // them "On leave", not absent (the fifth member: enabled, no admin).
    const acmeTimeOff: TimeOffDemoInput = {
      companyId: acme.id,
      timeZone: 'America/New_York',
      memberIds: [superUser.id, ...acmeMembers],
      holidays: ['2026-11-26'],
      types: [
        { name: 'Vacation', color: '#1c7ed6', yearlyAllowance: 25, carryOverCap: 5, needsApproval: true },
        {
          name: 'Sick leave',
          color: '#e8590c',
          yearlyAllowance: 10,
          carryOverCap: 0,
          needsApproval: false,
          allowNegative: true,
        },
      ],
      pastLeave: [
        { userId: bob.id, days: 2 },
        { userId: alice.id, days: 5 },
        ...acmeMembers.slice(2, 14).map((userId, i) => ({ userId, days: 1 + (i % 4) })),
      ],
      decidedBy: alice.id,
      // Bob reports to Alice (people-demo): his request waits for her.
      pending: { userId: bob.id },
      current: { userId: acmeMembers[4]!, ...currentLeave('America/New_York', ['2026-11-26']) },
    };
    const globexTimeOff: TimeOffDemoInput = {
      companyId: globex.id,
      timeZone: 'Europe/Berlin',
      memberIds: [globexAdmin.id, ...globexMembers],
      holidays: ['2026-10-03'],
      types: [{ name: 'Vacation', color: '#2f9e44', yearlyAllowance: 20, carryOverCap: 3, needsApproval: true }],
      pastLeave: globexMembers.slice(1, 5).map((userId, i) => ({ userId, days: 2 + i })),
      decidedBy: globexAdmin.id,
    };
    // The last three of Acme joined recently (Stats' headcount line moves); nobody clocks before.
    await seedJoiners(tx, acme.id, 'America/New_York', acmeMembers.slice(-3));
    const acmeAway = leaveDays(acmeTimeOff);
    await seedAttendance(tx, acme.id, 'America/New_York', acmeMembers, {
      // Bob worked the weeks before; today he has not clocked in yet.
      notInToday: [bob.id],
      holiday: { date: '2026-11-26', name: 'Thanksgiving' },
      away: acmeAway,
      // Eight people on a seven-day support rota (none with past leave, none of Stats' joiners): on
      // a weekend the board still has people present, one late (16) and one absent (25).
      rota: [15, 16, 17, 18, 19, 20, 21, 25].map((i) => acmeMembers[i]!),
      // A plain member forgot to clock out and asks for a correction: Alice, the admin, decides it.
      forgetful: acmeMembers[3]!,
    });
    await seedStatsDemo(tx, acme.id, 'America/New_York', acmeMembers, acmeAway);
    await seedAttendance(tx, globex.id, 'Europe/Berlin', globexMembers, {
      holiday: { date: '2026-10-03', name: 'Tag der Deutschen Einheit' },
      away: leaveDays(globexTimeOff),
    });
    await seedComplianceDemo(tx, {
      acme: acme.id,
      globex: globex.id,
      alice: alice.id,
      bob: bob.id,
      acmeOthers: acmeMembers.slice(2),
      globexAdmin: globexAdmin.id,
    });
    await seedCertificationsDemo(tx, {
      acme: acme.id,
      globex: globex.id,
      alice: alice.id,
      bob: bob.id,
      acmeOthers: acmeMembers.slice(2),
      globexAdmin: globexAdmin.id,
    });
    await seedTimeOff(tx, acmeTimeOff);
    await seedTimeOff(tx, globexTimeOff);
  });
  app.log.info('demo seed created');
  return { logins: LOGINS };
}
