import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHoliday, createSchedule, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createDepartment, createUser, setEmployee } from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { createCtx, forCompany } from '../../lib/context';
import { userChannel } from '@wac/shared/realtime';
import { enqueue } from '../../lib/jobs/queue';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { periodAt, periodStart, YEAR_BOUNDARY_JOB } from './balances.service';

let t: TestContext;
let smtp: TestSmtp;
let ids: Record<string, string>;
const tok: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startTestSmtp(3160, 3199);
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, 'America/New_York');
    await setCompanyTimeZone(tx, globex.id, 'Pacific/Auckland');
    const mk = async (email: string, firstName: string, company: string, roles = ['member']) => {
      const u = await createUser(tx, { email, firstName, lastName: 'Test' });
      await addMembership(tx, company, u.id, { roles });
      return u.id;
    };
    const admin = await mk('admin@acme.test', 'Ada', acme.id, ['admin']);
    const mia = await mk('mia@acme.test', 'Mia', acme.id);
    const bob = await mk('bob@acme.test', 'Bob', acme.id);
    const carol = await mk('carol@acme.test', 'Carol', acme.id);
    const gadmin = await mk('admin@globex.test', 'Gus', globex.id, ['admin']);
    const gina = await mk('gina@globex.test', 'Gina', globex.id);
    const dept = await createDepartment(tx, acme.id, { name: 'People' });
    await setEmployee(tx, acme.id, mia, { departmentId: dept.id });
    await setEmployee(tx, acme.id, bob, { managerUserId: mia, departmentId: dept.id });
    await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    await createSchedule(tx, globex.id, { name: 'Office', isDefault: true });
    await createHoliday(tx, acme.id, '2027-03-03', 'Founders day');
    const vacation = await createTimeOffType(tx, acme.id, { name: 'Vacation', yearlyAllowance: 25, carryOverCap: 5 });
    const sick = await createTimeOffType(tx, acme.id, {
      name: 'Sick leave',
      allowNegative: true,
      needsApproval: false,
    });
    const monthly = await createTimeOffType(tx, acme.id, { name: 'Monthly', yearlyAllowance: 25, accrual: 'monthly' });
    const gvac = await createTimeOffType(tx, globex.id, { name: 'Urlaub', yearlyAllowance: 20, carryOverCap: 3 });
    return {
      acme: acme.id,
      globex: globex.id,
      admin,
      mia,
      bob,
      carol,
      gadmin,
      gina,
      dept: dept.id,
      vacation: vacation.id,
      sick: sick.id,
      monthly: monthly.id,
      gvac: gvac.id,
    };
  });
  for (const who of ['admin', 'mia', 'bob', 'carol'] as const)
    tok[who] = (await tokenFor(t.app, ids[who]!, ids.acme!)).token;
  tok.gadmin = (await tokenFor(t.app, ids.gadmin!, ids.globex!)).token;
  await periodStart(forCompany(createCtx(t.app), ids.acme!), { year: 2027, month: 1 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST';
const req = (method: Method, url: string, who: string, payload?: object, lang = 'en', host = 'acme') =>
  call(t.app, { method, url, host, token: tok[who], payload, headers: { 'accept-language': lang } });
const balanceOf = async (who: string, type: string, userUuid?: string) => {
  const res = await req('GET', `/api/time-off/balances${userUuid ? `?userUuid=${userUuid}` : ''}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.find((b: { type: { uuid: string } }) => b.type.uuid === type);
};
const ask = (who: string, body: object, lang = 'en') => req('POST', '/api/time-off/requests', who, body, lang);

describe('ledger and balances', () => {
  it('grants the yearly allowance once, however often the period runs', async () => {
    await periodStart(forCompany(createCtx(t.app), ids.acme!), { year: 2027, month: 1 });
    expect(await balanceOf('carol', ids.vacation!)).toMatchObject({ balance: 25, pending: 0, available: 25 });
    // Monthly types: a twelfth on each first, and January's accrual too.
    expect((await balanceOf('carol', ids.monthly!)).balance).toBe(2.083);
    const ledger = (await req('GET', `/api/time-off/ledger?typeUuid=${ids.vacation}`, 'carol')).json();
    expect(ledger.data.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['grant', 25]]);
  });

  it('accrues a twelfth a month and the rounding rest in December, to exactly the allowance', async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme!);
    for (let m = 2; m <= 12; m++) await periodStart(ctx, { year: 2027, month: m });
    await periodStart(ctx, { year: 2027, month: 12 });
    expect((await balanceOf('carol', ids.monthly!)).balance).toBe(25);
  });

  it('lets an admin adjust with a reason; refuses members, no reason and foreign people', async () => {
    const ok = await req('POST', '/api/time-off/adjustments', 'admin', {
      userUuid: ids.carol,
      typeUuid: ids.vacation,
      kind: 'adjustment',
      amount: 1.5,
      reason: 'Worked a public holiday',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ balance: 26.5 });
    const bad = [
      await req('POST', '/api/time-off/adjustments', 'mia', {
        userUuid: ids.carol,
        typeUuid: ids.vacation,
        kind: 'adjustment',
        amount: 1,
        reason: 'x',
      }),
      await req('POST', '/api/time-off/adjustments', 'admin', {
        userUuid: ids.carol,
        typeUuid: ids.vacation,
        kind: 'adjustment',
        amount: 1,
        reason: '',
      }),
      await req('POST', '/api/time-off/adjustments', 'admin', {
        userUuid: ids.gina,
        typeUuid: ids.vacation,
        kind: 'adjustment',
        amount: 1,
        reason: 'x',
      }),
      await req('POST', '/api/time-off/adjustments', 'admin', {
        userUuid: ids.carol,
        typeUuid: ids.gvac,
        kind: 'grant',
        amount: 1,
        reason: 'x',
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([403, 400, 404, 404]);
    // An admin's own balance is another admin's to move (four eyes): refused in their language, unchanged.
    const before = (await balanceOf('admin', ids.vacation!)).balance;
    const own = await req(
      'POST',
      '/api/time-off/adjustments',
      'admin',
      { userUuid: ids.admin, typeUuid: ids.vacation, kind: 'grant', amount: 30, reason: 'Self grant' },
      'de',
    );
    expect([own.statusCode, own.json().code, own.json().message]).toEqual([
      403,
      'TIME_OFF_OWN_ADJUSTMENT',
      'Sie können Ihren eigenen Saldo nicht anpassen: Das übernimmt ein anderer Admin.',
    ]);
    // Their own id in capitals is still them (the database ignores the case).
    const shouted = await req('POST', '/api/time-off/adjustments', 'admin', {
      userUuid: ids.admin!.toUpperCase(),
      typeUuid: ids.vacation,
      kind: 'grant',
      amount: 30,
      reason: 'Self grant',
    });
    expect([shouted.statusCode, shouted.json().code]).toEqual([403, 'TIME_OFF_OWN_ADJUSTMENT']);
    expect((await balanceOf('admin', ids.vacation!)).balance).toBe(before);
    const back = await req('POST', '/api/time-off/adjustments', 'admin', {
      userUuid: ids.carol,
      typeUuid: ids.vacation,
      kind: 'adjustment',
      amount: -1.5,
      reason: 'Entered twice',
    });
    expect(back.json().balance).toBe(25);
    // Another person's balances: admins and the manager read them, a colleague does not.
    expect((await req('GET', `/api/time-off/balances?userUuid=${ids.bob}`, 'mia')).statusCode).toBe(200);
    expect((await req('GET', `/api/time-off/balances?userUuid=${ids.bob}`, 'carol')).statusCode).toBe(404);
    expect((await req('GET', `/api/time-off/ledger?userUuid=${ids.bob}`, 'carol')).statusCode).toBe(404);
    // An admin reading someone of another company, or nobody: 404, never their balances.
    for (const uuid of [ids.gina, '00000000-0000-4000-8000-000000000000']) {
      const res = await req('GET', `/api/time-off/balances?userUuid=${uuid}`, 'admin');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('requests', () => {
  const week = { typeUuid: '', startDate: '2027-03-01', endDate: '2027-03-05' };
  beforeAll(() => {
    week.typeUuid = ids.vacation!;
  });

  it('counts working days from the schedule and the holidays, halves at either end', async () => {
    const p = await req('POST', '/api/time-off/requests/preview', 'bob', week);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ unit: 'days', amount: 4, available: 25 });
    expect(p.json().days.map((d: { date: string }) => d.date)).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-04',
      '2027-03-05',
    ]);
    const half = await req('POST', '/api/time-off/requests/preview', 'bob', {
      ...week,
      startHalf: true,
      endHalf: true,
    });
    expect(half.json().amount).toBe(3);
    const weekend = await ask('bob', { ...week, startDate: '2027-03-06', endDate: '2027-03-07' });
    expect([weekend.statusCode, weekend.json().code]).toEqual([400, 'TIME_OFF_NO_WORKING_DAYS']);
    const twice = await ask('bob', { ...week, endDate: week.startDate, startHalf: true, endHalf: true });
    expect(twice.statusCode).toBe(400);
    const backwards = await ask('bob', { ...week, startDate: '2027-03-05', endDate: '2027-03-01' });
    expect(backwards.statusCode).toBe(400);
  });

  it('asks, refuses overlaps and overdrafts with the reason, and the manager approves with a comment', async () => {
    const mail = smtp.mails.length;
    const made = await ask('bob', { ...week, note: 'Family trip' });
    expect(made.statusCode).toBe(201);
    const r = made.json();
    expect(r).toMatchObject({ status: 'pending', amount: 4, canCancel: true, canDecide: false });
    expect(await balanceOf('bob', ids.vacation!)).toMatchObject({ balance: 25, pending: 4, available: 21 });
    const toMia = await smtp.waitFor('mia@acme.test', { after: mail });
    expect(toMia.subject).toContain('Bob Test');

    const overlap = await ask('bob', { ...week, startDate: '2027-03-05', endDate: '2027-03-08' });
    const overlapDe = await ask('bob', { ...week, startDate: '2027-03-05', endDate: '2027-03-08' }, 'de');
    expect([overlap.statusCode, overlap.json().code]).toEqual([409, 'TIME_OFF_OVERLAP']);
    expect(overlapDe.json().message).not.toBe(overlap.json().message);
    const tooMuch = await ask('bob', { ...week, startDate: '2027-04-01', endDate: '2027-05-31' });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'TIME_OFF_INSUFFICIENT_BALANCE']);
    expect((await req('GET', '/api/time-off/requests', 'bob')).json().totalItems).toBe(1);

    expect((await req('GET', '/api/time-off/approvals/count', 'mia')).json()).toEqual({ pending: 1, isApprover: true });
    expect((await req('GET', '/api/time-off/approvals/count', 'admin')).json()).toEqual({
      pending: 1,
      isApprover: true,
    });
    expect((await req('GET', '/api/time-off/approvals/count', 'carol')).json()).toEqual({
      pending: 0,
      isApprover: false,
    });
    expect((await req('GET', '/api/time-off/approvals', 'mia')).json().data[0]).toMatchObject({
      uuid: r.uuid,
      canDecide: true,
    });

    // A colleague who is not the manager cannot see it, the requester cannot decide it.
    expect((await req('POST', `/api/time-off/requests/${r.uuid}/approve`, 'carol', {})).statusCode).toBe(404);
    const own = await req('POST', `/api/time-off/requests/${r.uuid}/approve`, 'bob', {});
    expect([own.statusCode, own.json().code]).toEqual([403, 'TIME_OFF_OWN_REQUEST']);
    expect(
      (await req('POST', `/api/time-off/requests/${r.uuid}/approve`, 'gadmin', {}, 'en', 'globex')).statusCode,
    ).toBe(404);

    const before = smtp.mails.length;
    const ok = await req('POST', `/api/time-off/requests/${r.uuid}/approve`, 'mia', { comment: 'Enjoy' });
    expect(ok.statusCode).toBe(200);
    // The answer is the row as the approval left it (read from the update itself): the same as a read.
    expect(ok.json()).toMatchObject({
      status: 'approved',
      comment: 'Enjoy',
      decidedBy: { uuid: ids.mia, firstName: 'Mia' },
      canDecide: false,
    });
    expect(ok.json().decidedAt).toEqual(expect.any(String));
    const { canDecide: _d, canCancel: _c, ...answered } = ok.json();
    const read = (await req('GET', `/api/time-off/requests?userUuid=${ids.bob}`, 'mia')).json().data;
    const { canDecide: _rd, canCancel: _rc, ...listed } = read.find((x: { uuid: string }) => x.uuid === r.uuid);
    expect(answered).toEqual(listed);
    expect(await balanceOf('bob', ids.vacation!)).toMatchObject({ balance: 21, pending: 0, available: 21 });
    const toBob = await smtp.waitFor('bob@acme.test', { after: before });
    expect(toBob.text).toContain('Enjoy');
    const again = await req('POST', `/api/time-off/requests/${r.uuid}/decline`, 'admin', {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'TIME_OFF_NOT_PENDING']);

    // The team calendar of March: the admin sees Bob, the manager her report, a colleague nobody.
    const cal = (who: string, q = '') => req('GET', `/api/time-off/calendar?month=2027-03${q}`, who);
    const march = (await cal('admin')).json();
    expect(march.data.map((p: { person: { uuid: string } }) => p.person.uuid)).toEqual([ids.bob]);
    // Shaded on the calendar: the weekends of his Monday-to-Friday schedule and the company's holiday.
    expect(march.holidays).toEqual([{ date: '2027-03-03', name: 'Founders day' }]);
    expect(march.data[0].offDays).toEqual(
      ['03', '06', '07', '13', '14', '20', '21', '27', '28'].map((d) => `2027-03-${d}`),
    );
    expect((await cal('admin', `&departmentUuid=${ids.dept}`)).json().totalItems).toBe(1);
    expect((await cal('mia')).json().totalItems).toBe(1);
    expect((await cal('carol')).json().totalItems).toBe(0);
    expect((await cal('admin', '&month=2027-13')).statusCode).toBe(400);
    // Without a month: the company's current one in its zone (the browser's may be a day apart).
    const [acme] = await t.db.system((tx) =>
      rows<{ zone: string }>(tx, sql`SELECT time_zone AS zone FROM companies WHERE id = ${ids.acme!}`),
    );
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: acme!.zone, year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const current = await req('GET', '/api/time-off/calendar', 'admin');
    expect([current.statusCode, current.json().month]).toEqual([200, thisMonth]);
    // Today in the company's zone, marked on the calendar (another month's answer says it too).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: acme!.zone }).format(new Date());
    expect([current.json().today, (await cal('admin')).json().today]).toEqual([today, today]);

    // The requester cancels before the start: what was taken comes back.
    const cancelled = await req('POST', `/api/time-off/requests/${r.uuid}/cancel`, 'bob');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf('bob', ids.vacation!)).toMatchObject({ balance: 25, pending: 0 });
  });

  it('lets the requester cancel only before the start; an admin any time (their own like a requester), restoring the ledger', async () => {
    const started = await t.db.system((tx) =>
      createTimeOffRequest(tx, ids.acme!, {
        userId: ids.bob!,
        typeId: ids.vacation!,
        startDate: '2020-02-03',
        endDate: '2020-02-04',
        amount: 2,
        status: 'approved',
      }),
    );
    expect((await balanceOf('bob', ids.vacation!)).balance).toBe(23);
    const mine = await req('POST', `/api/time-off/requests/${started.id}/cancel`, 'bob');
    expect([mine.statusCode, mine.json().code]).toEqual([409, 'TIME_OFF_ALREADY_STARTED']);
    expect((await req('POST', `/api/time-off/requests/${started.id}/cancel`, 'carol')).statusCode).toBe(404);
    const admin = await req('POST', `/api/time-off/requests/${started.id}/cancel`, 'admin');
    expect(admin.json()).toMatchObject({ status: 'cancelled' });
    expect((await balanceOf('bob', ids.vacation!)).balance).toBe(25);
    // An admin's own leave, once started, is not handed back to them by themselves.
    const own = await t.db.system((tx) =>
      createTimeOffRequest(tx, ids.acme!, {
        userId: ids.admin!,
        typeId: ids.vacation!,
        startDate: '2020-03-02',
        endDate: '2020-03-03',
        amount: 2,
        status: 'approved',
      }),
    );
    const listed = (await req('GET', '/api/time-off/requests?itemsPerPage=50', 'admin')).json();
    expect(listed.data?.find((x: { uuid: string }) => x.uuid === own.id)).toMatchObject({ canCancel: false });
    const self = await req('POST', `/api/time-off/requests/${own.id}/cancel`, 'admin');
    expect([self.statusCode, self.json().code]).toEqual([409, 'TIME_OFF_ALREADY_STARTED']);
    expect((await balanceOf('admin', ids.vacation!)).balance).toBe(23);
  });

  it('approves at once a type that needs no approval, and lets it go negative when allowed', async () => {
    const r = await ask('carol', { typeUuid: ids.sick, startDate: '2027-06-07', endDate: '2027-06-08' });
    expect(r.json()).toMatchObject({ status: 'approved', amount: 2 });
    expect((await balanceOf('carol', ids.sick!)).balance).toBe(-2);
  });

  it('counts an hours type from the scheduled minutes, half a day being half of them', async () => {
    const hours = await t.db.system((tx) =>
      createTimeOffType(tx, ids.acme!, { name: 'Doctor', unit: 'hours', allowNegative: true, needsApproval: false }),
    );
    // The default schedule is 09:00–17:00 without a break: 8 hours a day.
    const p = await req('POST', '/api/time-off/requests/preview', 'carol', {
      typeUuid: hours.id,
      startDate: '2027-11-01',
      endDate: '2027-11-02',
      endHalf: true,
    });
    expect(p.json()).toMatchObject({ unit: 'hours', amount: 12 });
  });

  it('tells the requester and the approvers live when a request is asked and decided', async () => {
    const heard: Array<[string, unknown]> = [];
    const offs = (['bob', 'mia', 'admin', 'carol'] as const).map((who) =>
      t.app.bus.subscribe(userChannel(ids[who]!), (m) => heard.push([who, (m as { status?: string }).status])),
    );
    const r = (await ask('bob', { typeUuid: ids.vacation, startDate: '2027-11-15', endDate: '2027-11-15' })).json();
    await req('POST', `/api/time-off/requests/${r.uuid}/decline`, 'mia', { comment: 'Busy week' });
    for (const off of offs) off();
    expect(
      heard
        .filter(([, s]) => s === 'pending')
        .map(([w]) => w)
        .sort(),
    ).toEqual(['admin', 'bob', 'mia']);
    expect(
      heard
        .filter(([, s]) => s === 'declined')
        .map(([w]) => w)
        .sort(),
    ).toEqual(['admin', 'bob', 'mia']);
    expect((await balanceOf('bob', ids.vacation!)).pending).toBe(0);
  });

  it('never lets two concurrent requests overdraw one balance', async () => {
    // 25 available: each asks 15 working days (three weeks), together 30.
    const a = { typeUuid: ids.vacation, startDate: '2027-09-06', endDate: '2027-09-24' };
    const b = { typeUuid: ids.vacation, startDate: '2027-10-04', endDate: '2027-10-22' };
    const res = await Promise.all([ask('bob', a), ask('bob', b)]);
    expect(res.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    expect((await balanceOf('bob', ids.vacation!)).available).toBe(10);
  });

  it("refuses to approve what a balance that may not go negative no longer holds, in the approver's language", async () => {
    // Bob's 15 days of September wait (the race above); an adjustment leaves him 10.
    const pending = (await req('GET', '/api/time-off/approvals', 'admin'))
      .json()
      .data.find((x: { person: { uuid: string }; amount: number }) => x.person.uuid === ids.bob && x.amount === 15);
    const adjust = (amount: number) =>
      req('POST', '/api/time-off/adjustments', 'admin', {
        userUuid: ids.bob,
        typeUuid: ids.vacation,
        kind: 'adjustment',
        amount,
        reason: 'Correction',
      });
    expect((await adjust(-15)).statusCode).toBe(201);
    const refused = await req('POST', `/api/time-off/requests/${pending.uuid}/approve`, 'admin', {}, 'de');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'TIME_OFF_APPROVAL_OVERDRAWS']);
    expect(refused.json().message).toContain('nicht unter null');
    expect(await balanceOf('bob', ids.vacation!)).toMatchObject({ balance: 10, pending: 15 });
    expect((await adjust(15)).statusCode).toBe(201);
    expect((await req('POST', `/api/time-off/requests/${pending.uuid}/approve`, 'admin', {})).statusCode).toBe(200);
    expect(await balanceOf('bob', ids.vacation!)).toMatchObject({ balance: 10, pending: 0 });
  });

  it('pages the team calendar in name order, every page saying how many are off, past the last one too', async () => {
    await t.db.system(async (tx) => {
      const type = await createTimeOffType(tx, ids.acme!, { name: 'Training', allowNegative: true });
      const off = async (
        userId: string,
        startDate: string,
        endDate: string,
        status: 'approved' | 'pending' | 'cancelled',
      ) => createTimeOffRequest(tx, ids.acme!, { userId, typeId: type.id, startDate, endDate, amount: 1, status });
      await off(ids.mia!, '2028-08-01', '2028-08-01', 'approved');
      await off(ids.mia!, '2028-08-15', '2028-08-15', 'pending');
      await off(ids.carol!, '2028-07-31', '2028-08-02', 'approved');
      await off(ids.bob!, '2028-08-31', '2028-09-01', 'pending');
      await off(ids.admin!, '2028-08-10', '2028-08-10', 'approved');
      // Not off in August: a cancelled request, and one in July.
      await off(ids.bob!, '2028-08-20', '2028-08-20', 'cancelled');
      await off(ids.admin!, '2028-07-03', '2028-07-03', 'approved');
    });
    const page = async (n: number) => {
      const res = await req('GET', `/api/time-off/calendar?month=2028-08&itemsPerPage=2&page=${n}`, 'admin');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return {
        people: body.data.map((p: { person: { firstName: string }; absences: unknown[] }) => [
          p.person.firstName,
          p.absences.length,
        ]),
        total: body.totalItems,
      };
    };
    expect(await page(1)).toEqual({
      people: [
        ['Ada', 1],
        ['Bob', 1],
      ],
      total: 4,
    });
    expect(await page(2)).toEqual({
      people: [
        ['Carol', 1],
        ['Mia', 2],
      ],
      total: 4,
    });
    expect(await page(3)).toEqual({ people: [], total: 4 });

    // A rename reaches the order: Bob has an employee record (its copy of the name is kept by the
    // rename's trigger), Carol has none (her membership's copy is read).
    await t.db.system(async (tx) => {
      await tx.execute(sql`UPDATE users SET first_name = 'Zed' WHERE id = ${ids.bob!}`);
      await tx.execute(sql`UPDATE users SET first_name = 'Abe' WHERE id = ${ids.carol!}`);
    });
    expect((await page(1)).people).toEqual([
      ['Abe', 1],
      ['Ada', 1],
    ]);
    expect((await page(2)).people).toEqual([
      ['Mia', 2],
      ['Zed', 1],
    ]);
    await t.db.system(async (tx) => {
      await tx.execute(sql`UPDATE users SET first_name = 'Bob' WHERE id = ${ids.bob!}`);
      await tx.execute(sql`UPDATE users SET first_name = 'Carol' WHERE id = ${ids.carol!}`);
    });
  });
});

describe('the year boundary', () => {
  it('reads the period in the company zone', () => {
    const instant = new Date('2027-12-31T11:30:00Z');
    expect(periodAt(instant, 'Pacific/Auckland')).toEqual({ year: 2028, month: 1 });
    expect(periodAt(instant, 'America/New_York')).toEqual({ year: 2027, month: 12 });
  });

  it('as a durable job: expires the rest, carries over up to the cap, grants the new year, once', async () => {
    // Gina has 20 - 8 = 12 left of 2027; 3 carry over; 2028 grants 20.
    await t.db.system(async (tx) => {
      await createTimeOffRequest(tx, ids.globex!, {
        userId: ids.gina!,
        typeId: ids.gvac!,
        startDate: '2027-07-05',
        endDate: '2027-07-14',
        amount: 8,
        status: 'approved',
      });
    });
    await periodStart(forCompany(createCtx(t.app), ids.globex!), { year: 2027, month: 1 });
    // Midnight of 1 January 2028 in Auckland is still 31 December in UTC.
    const scheduledFor = '2027-12-31T11:00:00.000Z';
    const runJob = async (key: string) => {
      const id = await t.db.scoped({ companyId: ids.globex! }, (tx) =>
        enqueue(tx, {
          type: YEAR_BOUNDARY_JOB,
          companyId: ids.globex!,
          payload: { scheduledFor, timeZone: 'Pacific/Auckland' },
          key,
        }),
      );
      for (let i = 0; i < 200; i++) {
        const [j] = await t.db.system((tx) =>
          rows<{ state: string }>(tx, sql`SELECT state FROM jobs WHERE id = ${id}`),
        );
        if (j?.state === 'done') return;
        if (j?.state === 'dead' || j?.state === 'failed') throw new Error(`job ${j.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('job did not finish');
    };
    await runJob('test:boundary:1');
    // Delivered again (a second occurrence, a restart): nothing more is written.
    await runJob('test:boundary:2');
    const ginaTok = (await tokenFor(t.app, ids.gina!, ids.globex!)).token;
    const res = await call(t.app, { method: 'GET', url: '/api/time-off/ledger', host: 'globex', token: ginaTok });
    const entries = res
      .json()
      .data.map((e: { kind: string; amount: number; effectiveDate: string }) =>
        [e.kind, e.amount, e.effectiveDate].join(' '),
      );
    expect(entries.sort()).toEqual(
      [
        'carry_over 3 2028-01-01',
        'expiry -12 2028-01-01',
        'grant 20 2028-01-01',
        'grant 20 2027-01-01',
        'taken -8 2027-07-05',
      ].sort(),
    );
    expect(res.json().totalItems).toBe(5);
    const bal = await call(t.app, { method: 'GET', url: '/api/time-off/balances', host: 'globex', token: ginaTok });
    expect(bal.json().data[0]).toMatchObject({ balance: 23 });
  });
});
