import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { setCompanyTimeZone } from '../db/seed/attendance-factories';
import { createCertificationType } from '../db/seed/certification-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../db/seed/factories';
import { rows } from '../lib/sql';

/**
 * A company in `zone` for the tests of what is kept about certifications (decisions 032, 033): Ann,
 * Ben and Cy, members for 400 days and employed since 2024; a team "Yard" of Ann; a department
 * "Lab" of Ben; "First aid" for everyone (24 months) and "Forklift" for the team. No record: each
 * test writes its own. `today` is the company's date.
 */
export async function certificationScene(tx: Tx, company: { name: string; subDomain: string }, zone: string) {
  const c = await createCompany(tx, company);
  await setCompanyTimeZone(tx, c.id, zone);
  const [r] = await rows<{ today: string }>(
    tx,
    sql`SELECT to_char((now() AT TIME ZONE ${zone})::date, 'YYYY-MM-DD') AS today`,
  );
  const person = async (first: string) => {
    const u = await createUser(tx, { email: `${first.toLowerCase()}@${company.subDomain}.test`, firstName: first });
    await addMembership(tx, c.id, u.id, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
    await setEmployee(tx, c.id, u.id, { startDate: '2024-01-01' });
    return u.id;
  };
  const ann = await person('Ann');
  const ben = await person('Ben');
  const cy = await person('Cy');
  const team = await createTeam(tx, c.id, { name: 'Yard', memberIds: [ann] });
  const dept = await createDepartment(tx, c.id, { name: 'Lab' });
  await setEmployee(tx, c.id, ben, { departmentId: dept.id });
  const firstAid = await createCertificationType(tx, c.id, { name: 'First aid', validityMonths: 24 });
  const forklift = await createCertificationType(tx, c.id, { name: 'Forklift', audienceTeamIds: [team.id] });
  return {
    today: r!.today,
    company: c.id,
    team: team.id,
    dept: dept.id,
    firstAid: { id: firstAid.id, validityMonths: 24 },
    forklift: { id: forklift.id, validityMonths: 12 },
    ann,
    ben,
    cy,
  };
}
