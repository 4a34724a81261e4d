import type { Tx } from '../client';
import { companyDay } from './certification-factories';
import { createDepartment, setEmployee } from './factories';

/** The index in Acme's others of the person who left (a disabled member). */
export const LEAVER = 12;

const TITLES = ['Software Engineer', 'Product Designer', 'Account Executive', 'Support Specialist', 'Data Analyst'];

export interface PeopleDemoInput {
  acme: string;
  globex: string;
  superUser: string;
  alice: string;
  bob: string;
  /** Acme's other members, in seed order. */
  acmeOthers: string[];
  globexAdmin: string;
  globexOthers: string[];
}

/**
 * The People area of the demo: Acme's departments (Engineering with Platform and Apps under it,
 * Sales, People), a manager chain (Sam at the top, Alice heads People, Bob reports to Alice), a
 * job title for everyone; Globex a smaller set of its own.
 */
export async function seedPeopleDemo(tx: Tx, d: PeopleDemoInput) {
  const a = d.acme;
  const engineering = await createDepartment(tx, a, { name: 'Engineering', color: '#1c7ed6', headUserId: d.superUser });
  // The first three other members lead Platform, Apps and Sales.
  const leads = d.acmeOthers.slice(0, 3);
  const platform = await createDepartment(tx, a, {
    name: 'Platform',
    parentId: engineering.id,
    color: '#4263eb',
    headUserId: leads[0],
  });
  const apps = await createDepartment(tx, a, {
    name: 'Apps',
    parentId: engineering.id,
    color: '#7048e8',
    headUserId: leads[1],
  });
  const sales = await createDepartment(tx, a, { name: 'Sales', color: '#f08c00', headUserId: leads[2] });
  const people = await createDepartment(tx, a, { name: 'People', color: '#2f9e44', headUserId: d.alice });

  await setEmployee(tx, a, d.superUser, {
    jobTitle: 'Chief Executive Officer',
    departmentId: engineering.id,
    employmentType: 'full_time',
    startDate: '2019-03-01',
    workLocation: 'Lisbon',
  });
  await setEmployee(tx, a, d.alice, {
    jobTitle: 'Head of People',
    departmentId: people.id,
    managerUserId: d.superUser,
    employmentType: 'full_time',
    startDate: '2020-01-15',
    workLocation: 'Lisbon',
    workPhone: '+351 210 000 101',
  });
  await setEmployee(tx, a, d.bob, {
    jobTitle: 'HR Generalist',
    departmentId: people.id,
    managerUserId: d.alice,
    employmentType: 'full_time',
    startDate: '2022-06-01',
    workLocation: 'Porto',
    workPhone: '+351 220 000 202',
  });
  // Leads of each unit report to the top; everyone else to their unit's lead. One of them left a
  // month ago: their employment ended and their access was disabled, as offboarding does (the
  // thirteenth of Acme's others is a disabled member, demo.ts), so People's "Former" filter, Stats'
  // leavers and the record's history have someone to show.
  const units = [platform, apps, sales];
  const leftOn = await companyDay(tx, a, -30);
  for (const [i, userId] of d.acmeOthers.entries()) {
    const unit = units[i % units.length]!;
    const isLead = i < units.length;
    await setEmployee(tx, a, userId, {
      jobTitle: isLead ? `${unit.name} Lead` : unit === sales ? 'Account Executive' : TITLES[i % TITLES.length]!,
      departmentId: unit.id,
      managerUserId: isLead ? d.superUser : leads[i % units.length]!,
      employmentType: i % 7 === 6 ? 'contractor' : i % 11 === 10 ? 'part_time' : 'full_time',
      startDate: `20${20 + (i % 6)}-0${1 + (i % 9)}-01`,
      endDate: i === LEAVER ? leftOn : null,
    });
  }

  const g = d.globex;
  const ops = await createDepartment(tx, g, { name: 'Operations', headUserId: d.globexAdmin, color: '#e8590c' });
  const logistics = await createDepartment(tx, g, { name: 'Logistics', parentId: ops.id, color: '#0c8599' });
  await setEmployee(tx, g, d.globexAdmin, {
    jobTitle: 'Operations Director',
    departmentId: ops.id,
    startDate: '2018-09-01',
  });
  for (const [i, userId] of d.globexOthers.entries()) {
    await setEmployee(tx, g, userId, {
      jobTitle: i % 2 ? 'Logistics Coordinator' : 'Operations Analyst',
      departmentId: i % 2 ? logistics.id : ops.id,
      managerUserId: d.globexAdmin,
      startDate: '2023-01-09',
    });
  }
}
