import { DEFAULT_PLAN, TRIAL_DAYS } from '@wac/shared/constants';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '../client';
import { companies, departments, employees, memberships, teamMembers, teams, users } from '../schema/index';

/** Factories shared by the demo seed, the API tests, the end-to-end tests and the benchmarks. */
export interface UserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  passwordHash?: string | null;
  roles?: string[];
  language?: string | null;
}

export async function createUser(tx: Tx, input: UserInput) {
  const [local = 'user'] = input.email.split('@');
  const [row] = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      firstName: input.firstName ?? local,
      lastName: input.lastName ?? 'Tester',
      passwordHash: input.passwordHash ?? null,
      roles: input.roles ?? [],
      language: input.language ?? null,
    })
    .returning();
  return row!;
}

export interface CompanyInput {
  name: string;
  subDomain: string;
  enabled?: boolean;
  title?: string;
  description?: string;
  accountType?: string;
}

export async function createCompany(tx: Tx, input: CompanyInput) {
  const [row] = await tx
    .insert(companies)
    .values({
      name: input.name,
      subDomain: input.subDomain,
      title: input.title ?? input.name,
      description: input.description ?? null,
      enabled: input.enabled ?? true,
      plan: DEFAULT_PLAN,
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      accountType: input.accountType ?? 'organization',
    })
    .returning();
  return row!;
}

export async function addMembership(
  tx: Tx,
  companyId: string,
  userId: string,
  opts: { roles?: string[]; enabled?: boolean; createdAt?: Date } = {},
) {
  const [row] = await tx
    .insert(memberships)
    .values({
      companyId,
      userId,
      roles: opts.roles ?? ['member'],
      enabled: opts.enabled ?? true,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function createTeam(
  tx: Tx,
  companyId: string,
  input: { name: string; description?: string; leadUserId?: string | null; memberIds?: string[] },
) {
  const [team] = await tx
    .insert(teams)
    .values({
      companyId,
      name: input.name,
      description: input.description ?? null,
      leadUserId: input.leadUserId ?? null,
    })
    .returning();
  if (input.memberIds?.length) {
    await tx.insert(teamMembers).values(input.memberIds.map((userId) => ({ companyId, teamId: team!.id, userId })));
  }
  return team!;
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noor',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adams',
  'Berg',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Müller',
  'Nakamura',
  'Okafor',
  'Petit',
  'Rossi',
  'Silva',
  'Tanaka',
  'Weber',
];

/** A deterministic person for index i (same name for the same i everywhere). */
export function personFor(i: number, domain: string) {
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return { firstName, lastName, email: `${firstName}.${lastName}.${i}@${domain}`.toLowerCase() };
}

export async function createDepartment(
  tx: Tx,
  companyId: string,
  input: { name: string; parentId?: string | null; headUserId?: string | null; color?: string },
) {
  const [row] = await tx
    .insert(departments)
    .values({
      companyId,
      name: input.name,
      parentId: input.parentId ?? null,
      headUserId: input.headUserId ?? null,
      ...(input.color ? { color: input.color } : {}),
    })
    .returning();
  return row!;
}

/** Writes a person's employee record straight (the seed and tests; the API checks what this does not). */
export async function setEmployee(
  tx: Tx,
  companyId: string,
  userId: string,
  input: {
    jobTitle?: string | null;
    departmentId?: string | null;
    managerUserId?: string | null;
    employmentType?: string | null;
    startDate?: string | null;
    endDate?: string | null;
    workLocation?: string | null;
    workPhone?: string | null;
  },
) {
  const [row] = await tx
    .insert(employees)
    .values({ companyId, userId, ...input })
    .onConflictDoUpdate({ target: [employees.companyId, employees.userId], set: input })
    .returning();
  return row!;
}

/** The start and end dates of a company's employee records, by person (those with either). */
export async function employmentDates(tx: Tx, companyId: string) {
  const found = await tx
    .select({ userId: employees.userId, startDate: employees.startDate, endDate: employees.endDate })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), or(isNotNull(employees.startDate), isNotNull(employees.endDate))));
  return new Map(found.map((r) => [r.userId, { start: r.startDate, end: r.endDate }] as const));
}
