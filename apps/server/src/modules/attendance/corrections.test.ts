import { errorMessage } from '@wac/shared/errors';
import { companyChannel, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { addDays, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLock } from './timesheets.repository';
import { createEntry, createSchedule, setCompanyTimeZone, weekdays } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

const TZ = 'America/New_York';
// The Monday after the spring-forward Sunday (2026-03-08), and the Tuesday after it.
const MON = '2026-03-09';
const TUE = '2026-03-10';
const at = (date: string, time: string) => zonedInstant(date, time, TZ);

let t: TestContext;
let ids: Record<string, string>;
let alice: string;
let bob: string;
let gAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, TZ);
    await setCompanyTimeZone(tx, globex.id, 'Europe/Berlin');
    await createSchedule(tx, acme.id, {
      name: 'Office',
      isDefault: true,
      breakMinutes: 30,
      graceMinutes: 10,
      days: weekdays(),
    });
    const a = await createUser(tx, { email: 'alice@acme.test', firstName: 'Alice' });
    const b = await createUser(tx, { email: 'bob@acme.test', firstName: 'Bob' });
    const c = await createUser(tx, { email: 'carl@acme.test', firstName: 'Carl' });
    const g = await createUser(tx, { email: 'gert@globex.test', firstName: 'Gert' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, acme.id, c.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    const mon = await createEntry(tx, acme.id, {
      userId: b.id,
      workDate: MON,
      clockIn: at(MON, '09:00'),
      clockOut: at(MON, '17:00'),
    });
    const tue = await createEntry(tx, acme.id, {
      userId: b.id,
      workDate: TUE,
      clockIn: at(TUE, '09:05'),
      clockOut: at(TUE, '19:00'),
      status: 'auto_closed',
    });
    const carl = await createEntry(tx, acme.id, {
      userId: c.id,
      workDate: MON,
      clockIn: at(MON, '09:00'),
      clockOut: at(MON, '17:00'),
    });
    return {
      acme: acme.id,
      globex: globex.id,
      a: a.id,
      b: b.id,
      c: c.id,
      g: g.id,
      mon: mon.id,
      tue: tue.id,
      carl: carl.id,
    };
  });
  alice = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  bob = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
  gAdmin = (await tokenFor(t.app, ids.g!, ids.globex!)).token;
});
afterAll(() => t.close());

const ask = (payload: Record<string, unknown>, lang = 'en') =>
  call(t.app, {
    method: 'POST',
    url: '/api/attendance/me/corrections',
    host: 'acme',
    token: bob,
    payload,
    headers: { 'accept-language': lang },
  });
const admin = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = alice,
  host = 'acme',
) => call(t.app, { method, url, host, token, payload });
const entry = async (id: string) =>
  (
    await t.db.system((tx) =>
      rows<{ clock_in: Date; clock_out: Date | null; recorded_out: Date | null; status: string; work_date: string }>(
        tx,
        sql`SELECT clock_in, clock_out, recorded_out, status, work_date::text AS work_date FROM attendance_entries WHERE id = ${id}`,
      ),
    )
  )[0]!;
const pending = async () => (await admin('GET', '/api/attendance/corrections/pending-count')).json().count as number;

describe('a member asks, an admin decides', () => {
  let requestId: string;

  it('refuses a request without a reason, a reversed pair, a future end, or another person’s entry', async () => {
    const noReason = await ask({ kind: 'change', entryUuid: ids.tue, clockOut: at(TUE, '17:00').toISOString() }, 'de');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0]).toMatchObject({ path: 'body.reason', message: 'Dieses Feld ist erforderlich.' });
    const reversed = await ask({
      kind: 'add',
      clockIn: at(MON, '19:00').toISOString(),
      clockOut: at(MON, '18:00').toISOString(),
      reason: 'Forgot',
    });
    expect(reversed.statusCode).toBe(400);
    // Only the start given, after the recorded end: the server sees the order.
    const late = await ask(
      { kind: 'change', entryUuid: ids.mon, clockIn: at(MON, '18:00').toISOString(), reason: 'x' },
      'fr',
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'ATTENDANCE_ENTRY_ORDER',
      message: 'La fin d’un pointage doit être après son début.',
    });
    // A reason over its limit: the message says the limit, in the reader's language.
    const long = await ask({ kind: 'remove', entryUuid: ids.mon, reason: 'x'.repeat(501) }, 'de');
    expect([long.statusCode, long.json().issues]).toEqual([
      400,
      [{ path: 'body.reason', code: 'tooLong', message: 'Dieser Wert ist zu lang: höchstens 500 Zeichen.' }],
    ]);
    // An out time typed before the in time and read as the next day: 21 hours, over the 16 a correction may make.
    const typo = await ask(
      {
        kind: 'change',
        entryUuid: ids.mon,
        clockIn: at(MON, '09:24').toISOString(),
        clockOut: new Date(at(MON, '07:00').getTime() + 86_400_000).toISOString(),
        reason: 'Left early',
      },
      'de',
    );
    expect([typo.statusCode, typo.json().code, typo.json().message]).toEqual([
      400,
      'ATTENDANCE_ENTRY_TOO_LONG',
      'Ein Eintrag kann höchstens 16 Stunden dauern: Prüfen Sie Beginn und Ende.',
    ]);
    const future = await ask({
      kind: 'add',
      clockIn: new Date(Date.now() + 3_600_000).toISOString(),
      clockOut: new Date(Date.now() + 7_200_000).toISOString(),
      reason: 'Tomorrow',
    });
    expect(future.json().code).toBe('ATTENDANCE_IN_FUTURE');
    const foreign = await ask({ kind: 'remove', entryUuid: ids.carl, reason: 'Not mine' });
    expect(foreign.statusCode).toBe(404);
    const far = await ask({
      kind: 'add',
      clockIn: '1999-01-01T09:00:00Z',
      clockOut: '1999-01-01T10:00:00Z',
      reason: 'Old',
    });
    expect(far.statusCode).toBe(400);
    expect(await pending()).toBe(0);
  });

  it('records a pending request; the entry stays as it is and both sides hear of it', async () => {
    const heard: RealtimeMessage[] = [];
    const offCompany = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => heard.push(m));
    const offUser = t.app.bus.subscribe(userChannel(ids.b!), (m) => heard.push(m));
    const res = await ask({
      kind: 'change',
      entryUuid: ids.tue,
      clockOut: at(TUE, '17:15').toISOString(),
      reason: 'I forgot to clock out',
    });
    offCompany();
    offUser();
    expect(res.statusCode).toBe(201);
    requestId = res.json().uuid;
    expect(res.json()).toMatchObject({
      kind: 'change',
      status: 'pending',
      reason: 'I forgot to clock out',
      before: { clockOut: at(TUE, '19:00').toISOString() },
      after: { clockIn: at(TUE, '09:05').toISOString(), clockOut: at(TUE, '17:15').toISOString() },
    });
    expect(heard.filter((m) => m.resource === 'attendance-corrections')).toHaveLength(2);
    expect((await entry(ids.tue!)).status).toBe('auto_closed');
    expect(await pending()).toBe(1);
    const mine = await call(t.app, { method: 'GET', url: '/api/attendance/me/corrections', host: 'acme', token: bob });
    expect(mine.json()).toMatchObject({ totalItems: 1, data: [{ uuid: requestId, status: 'pending' }] });
    const list = await admin('GET', '/api/attendance/corrections?status=pending');
    expect(list.json().data.map((c: { uuid: string }) => c.uuid)).toEqual([requestId]);
  });

  it('another company’s admin cannot see or decide it', async () => {
    const res = await admin('POST', `/api/attendance/corrections/${requestId}/approve`, {}, gAdmin, 'globex');
    expect(res.statusCode).toBe(404);
    expect((await admin('GET', '/api/attendance/corrections', undefined, gAdmin, 'globex')).json().totalItems).toBe(0);
  });

  it('approval applies it: what counts changes, what was recorded stays, the audit says who and why', async () => {
    const res = await admin('POST', `/api/attendance/corrections/${requestId}/approve`, { comment: 'Fine' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'applied', comment: 'Fine', decidedBy: ids.a });
    const e = await entry(ids.tue!);
    expect(new Date(e.clock_out!).toISOString()).toBe(at(TUE, '17:15').toISOString());
    // The job's end was never a clock reading; a reviewed entry is an ordinary closed one.
    expect(e.status).toBe('closed');
    const audit = await t.db.system((tx) =>
      rows<{
        action: string;
        actor_user_id: string;
        before: { clockOut: string };
        after: { clockOut: string; reason: string };
      }>(
        tx,
        sql`SELECT action, actor_user_id, before, after FROM audit_log WHERE target_id = ${ids.tue} ORDER BY created_at`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['attendance.correction_request', 'attendance.correction_apply']);
    expect(audit[1]).toMatchObject({
      actor_user_id: ids.a,
      before: { clockOut: at(TUE, '19:00').toISOString() },
      after: { clockOut: at(TUE, '17:15').toISOString(), reason: 'I forgot to clock out' },
    });
    const again = await admin('POST', `/api/attendance/corrections/${requestId}/decline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CORRECTION_DECIDED');
    expect(await pending()).toBe(0);
  });

  it('a declined request changes nothing', async () => {
    const req = await ask({ kind: 'remove', entryUuid: ids.mon, reason: 'Duplicate' });
    const res = await admin('POST', `/api/attendance/corrections/${req.json().uuid}/decline`, { comment: 'It is not' });
    expect(res.json()).toMatchObject({ status: 'declined', comment: 'It is not' });
    expect((await entry(ids.mon!)).status).toBe('closed');
  });

  it('a member cannot decide or correct directly', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/corrections',
      host: 'acme',
      token: bob,
      payload: { userUuid: ids.b, kind: 'remove', entryUuid: ids.mon, reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('an admin corrects at once', () => {
  it('adds a missing pair (to the day it started), refuses an overlapping one', async () => {
    const add = await admin('POST', '/api/attendance/corrections', {
      userUuid: ids.c,
      kind: 'add',
      clockIn: at(TUE, '22:00').toISOString(),
      clockOut: at('2026-03-11', '02:00').toISOString(),
      reason: 'Night shift on paper',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().status).toBe('applied');
    const e = await entry(add.json().entryUuid);
    expect(e).toMatchObject({ work_date: TUE, status: 'closed', recorded_out: null });
    const overlap = await admin('POST', '/api/attendance/corrections', {
      userUuid: ids.c,
      kind: 'add',
      clockIn: at('2026-03-11', '01:00').toISOString(),
      clockOut: at('2026-03-11', '03:00').toISOString(),
      reason: 'Again',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('ATTENDANCE_OVERLAP');
  });

  it('removes an entry: kept, marked removed', async () => {
    const res = await admin('POST', '/api/attendance/corrections', {
      userUuid: ids.c,
      kind: 'remove',
      entryUuid: ids.carl,
      reason: 'Recorded by mistake',
    });
    expect(res.statusCode).toBe(201);
    expect((await entry(ids.carl!)).status).toBe('removed');
    const again = await admin('POST', '/api/attendance/corrections', {
      userUuid: ids.c,
      kind: 'remove',
      entryUuid: ids.carl,
      reason: 'x',
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a person of another company', async () => {
    const res = await admin('POST', '/api/attendance/corrections', {
      userUuid: ids.g,
      kind: 'add',
      clockIn: at(MON, '09:00').toISOString(),
      clockOut: at(MON, '10:00').toISOString(),
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('locked periods', () => {
  it('cannot lock a period that is not over', async () => {
    const today = zonedDate(new Date(), TZ);
    const res = await admin('POST', '/api/attendance/timesheet-locks', { from: addDays(today, -6), to: today });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TIMESHEET_PERIOD_NOT_OVER');
  });

  it('refuses requests, approvals and corrections in a locked period with a translated error', async () => {
    const req = await ask({
      kind: 'change',
      entryUuid: ids.mon,
      clockIn: at(MON, '08:30').toISOString(),
      reason: 'Earlier',
    });
    expect(req.statusCode).toBe(201);
    const lock = await admin('POST', '/api/attendance/timesheet-locks', { from: '2026-03-01', to: '2026-03-31' });
    expect(lock.statusCode).toBe(201);
    const before = await entry(ids.mon!);
    const approve = await admin('POST', `/api/attendance/corrections/${req.json().uuid}/approve`, {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('ATTENDANCE_PERIOD_LOCKED');
    const asked = await ask({ kind: 'remove', entryUuid: ids.mon, reason: 'x' }, 'ar');
    expect(asked.json()).toMatchObject({
      code: 'ATTENDANCE_PERIOD_LOCKED',
      message: 'هذه الفترة مقفلة؛ لا يمكن تغيير سجلاتها بعد الآن.',
    });
    // Moving an entry of an open period into the locked one is refused too.
    expect(await entry(ids.mon!)).toEqual(before);
    expect(await pending()).toBe(1);
    const locks = await admin('GET', '/api/attendance/timesheet-locks');
    expect(locks.json().data).toHaveLength(1);
    const unlock = await admin('DELETE', `/api/attendance/timesheet-locks/${lock.json().uuid}`);
    expect(unlock.statusCode).toBe(204);
    const approved = await admin('POST', `/api/attendance/corrections/${req.json().uuid}/approve`, {});
    expect(approved.statusCode).toBe(200);
  });
});

describe('a person who is no longer an active member', () => {
  it('cannot have a request approved (translated refusal, nothing applied); it can still be declined', async () => {
    const WED = '2026-03-11';
    const first = await ask({
      kind: 'add',
      clockIn: at(WED, '09:00').toISOString(),
      clockOut: at(WED, '12:00').toISOString(),
      reason: 'Paper timesheet',
    });
    const second = await ask({
      kind: 'add',
      clockIn: at(WED, '13:00').toISOString(),
      clockOut: at(WED, '16:00').toISOString(),
      reason: 'Paper timesheet, afternoon',
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const setEnabled = (on: boolean) =>
      t.db.system((tx) =>
        tx.execute(sql`UPDATE memberships SET enabled = ${on} WHERE company_id = ${ids.acme} AND user_id = ${ids.b}`),
      );
    const bobsEntriesOnWed = async () =>
      (
        await t.db.system((tx) =>
          rows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM attendance_entries WHERE user_id = ${ids.b} AND work_date = ${WED}`,
          ),
        )
      )[0]!.n;
    const before = await pending();
    await setEnabled(false);
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/attendance/corrections/${first.json().uuid}/approve`,
      host: 'acme',
      token: alice,
      payload: {},
      headers: { 'accept-language': 'de' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CORRECTION_MEMBER_INACTIVE',
      message:
        'Diese Person ist kein aktives Mitglied des Unternehmens mehr; ihr Antrag kann nur noch abgelehnt werden.',
    });
    expect(await bobsEntriesOnWed()).toBe(0);
    expect(await pending()).toBe(before);
    const declined = await admin('POST', `/api/attendance/corrections/${second.json().uuid}/decline`, {});
    expect(declined.json()).toMatchObject({ status: 'declined' });
    // Enabled again, the same request is approved and applied.
    await setEnabled(true);
    const approved = await admin('POST', `/api/attendance/corrections/${first.json().uuid}/approve`, {});
    expect(approved.json()).toMatchObject({ status: 'applied' });
    expect(await bobsEntriesOnWed()).toBe(1);
  });
});

describe('an entry still open when its period is locked', () => {
  it('refuses the lock (translated) until the entry is closed, so a late clock-out cannot change a locked day', async () => {
    const THU = '2026-03-12';
    const open = await t.db.system((tx) =>
      createEntry(tx, ids.acme!, { userId: ids.c!, workDate: THU, clockIn: at(THU, '09:00'), clockOut: null }),
    );
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/timesheet-locks',
      host: 'acme',
      token: alice,
      payload: { from: THU, to: THU },
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TIMESHEET_OPEN_ENTRIES',
      message: 'Cette période contient des pointages encore ouverts ; clôturez-les avant de la verrouiller.',
    });
    expect((await admin('GET', '/api/attendance/timesheet-locks')).json().data).toHaveLength(0);
    // Closed (here by the person's clock-out), the period locks, and nothing of it changes any more.
    const carl = (await tokenFor(t.app, ids.c!, ids.acme!)).token;
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/me/clock-out',
      host: 'acme',
      token: carl,
      payload: { idempotencyKey: 'carl-out-1', source: 'web' },
    });
    expect(out.statusCode).toBe(200);
    expect((await entry(open.id)).status).toBe('closed');
    const locked = await admin('POST', '/api/attendance/timesheet-locks', { from: THU, to: THU });
    expect(locked.statusCode).toBe(201);
  });
});

describe('corrections sent at once', () => {
  it('the same missing pair added twice at once (two admins, or a double click) makes one entry, the other answers ATTENDANCE_OVERLAP', async () => {
    const day = '2026-03-04';
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin('POST', '/api/attendance/corrections', {
          userUuid: ids.c,
          kind: 'add',
          clockIn: at(day, '08:00').toISOString(),
          clockOut: at(day, '12:00').toISOString(),
          reason: 'Paper sheet',
        }),
      ),
    );
    expect(answers.map((a) => (a.statusCode === 201 ? 201 : a.json().code)).sort()).toEqual(
      [201, 'ATTENDANCE_OVERLAP', 'ATTENDANCE_OVERLAP', 'ATTENDANCE_OVERLAP'].sort(),
    );
    const [n] = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM attendance_entries WHERE user_id = ${ids.c} AND work_date = ${day} AND status <> 'removed'`,
      ),
    );
    expect(n!.n).toBe(1);
  });
});

describe('an admin’s own attendance', () => {
  it('another admin decides: an admin cannot correct their own entry or decide their own request (translated, nothing changes)', async () => {
    const day = '2026-03-05';
    const { own, second } = await t.db.system(async (tx) => {
      const own = await createEntry(tx, ids.acme!, {
        userId: ids.a!,
        workDate: day,
        clockIn: at(day, '09:00'),
        clockOut: at(day, '12:00'),
      });
      const d = await createUser(tx, { email: 'dora@acme.test', firstName: 'Dora' });
      await addMembership(tx, ids.acme!, d.id, { roles: ['admin'] });
      return { own, second: d.id };
    });
    const dora = (await tokenFor(t.app, second, ids.acme!)).token;
    const later = { clockIn: at(day, '09:00').toISOString(), clockOut: at(day, '18:00').toISOString() };
    const direct = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/corrections',
      host: 'acme',
      token: alice,
      headers: { 'accept-language': 'pt' },
      payload: { userUuid: ids.a, kind: 'change', entryUuid: own.id, ...later, reason: 'Stayed late' },
    });
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject({
      code: 'CORRECTION_OWN_ENTRY',
      message: errorMessage('CORRECTION_OWN_ENTRY', 'pt'),
    });
    // Their own id in capitals is still them (the database ignores the case).
    const shouted = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/corrections',
      host: 'acme',
      token: alice,
      payload: { userUuid: ids.a!.toUpperCase(), kind: 'change', entryUuid: own.id, ...later, reason: 'Stayed late' },
    });
    expect([shouted.statusCode, shouted.json().code]).toEqual([403, 'CORRECTION_OWN_ENTRY']);
    // Asking is open to an admin like any member; deciding it is not theirs.
    const asked = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/me/corrections',
      host: 'acme',
      token: alice,
      payload: { kind: 'change', entryUuid: own.id, ...later, reason: 'Stayed late' },
    });
    expect(asked.statusCode).toBe(201);
    for (const decision of ['approve', 'decline']) {
      const res = await admin('POST', `/api/attendance/corrections/${asked.json().uuid}/${decision}`, {});
      expect([res.statusCode, res.json().code]).toEqual([403, 'CORRECTION_OWN_ENTRY']);
    }
    expect(new Date((await entry(own.id)).clock_out!)).toEqual(at(day, '12:00'));
    const approved = await admin('POST', `/api/attendance/corrections/${asked.json().uuid}/approve`, {}, dora);
    expect(approved.statusCode).toBe(200);
    expect(new Date((await entry(own.id)).clock_out!)).toEqual(at(day, '18:00'));
  });
});

describe('a period locked while a correction is checked', () => {
  // Two connections at once: PostgreSQL (PGlite runs one transaction at a time, so it cannot race).
  it.runIf(process.env.TEST_DB === 'pg')(
    'the correction waits for the lock and is refused, rather than landing in the locked period',
    async () => {
      const day = '2026-02-03';
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let inserted!: () => void;
      const ready = new Promise<void>((r) => {
        inserted = r;
      });
      // An admin's lock of the week, committed only once the correction has been sent.
      const locking = t.db.system(async (tx) => {
        await insertLock(tx, ids.acme!, { from: '2026-02-02', to: '2026-02-08', lockedBy: ids.a! });
        inserted();
        await gate;
      });
      await ready;
      const correcting = admin('POST', '/api/attendance/corrections', {
        userUuid: ids.c,
        kind: 'add',
        clockIn: at(day, '08:00').toISOString(),
        clockOut: at(day, '12:00').toISOString(),
        reason: 'Paper sheet',
      });
      await new Promise((r) => setTimeout(r, 500));
      release();
      await locking;
      const res = await correcting;
      expect([res.statusCode, res.json().code]).toEqual([409, 'ATTENDANCE_PERIOD_LOCKED']);
      const [n] = await t.db.system((tx) =>
        rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM attendance_entries WHERE user_id = ${ids.c} AND work_date = ${day}`,
        ),
      );
      expect(n!.n).toBe(0);
    },
  );
});
