/**
 * Ponto Digital, the managers' side 2 of 2 (issue 26, items 1, 2 and 6): the live dashboard and the time
 * report, on hand-computed fixtures, parsed with the screens' zod schemas (reports/schemas.ts), plus who may
 * read them.
 *
 * Report fixtures (unit 1, September 2026; nobody has a schedule assignment, so the default applies:
 * 08:00–17:00 Monday–Friday, 60-min break, 480 expected; the 7th is a national holiday; a time record starts
 * at the first mark):
 *   A: every weekday 08:00 12:00 13:00 17:00 except — Tue 1 late (08:20), Wed 2 early leave (16:30), Thu 3 a
 *      30-min break, Fri 4 absent, Sun 6 08:00–12:00, Mon 7 (holiday) 09:00–11:00, Tue 8 until 23:00 (60 night
 *      minutes), Wed 9 back at 08:00 (9 h of rest), Thu 10 excused (atestado), Mon 14 a 60-min compensation,
 *      Tue 15 the exit included by an adjustment.
 *   B: starts Mon 28 (a normal day), Tue 29 07:58–17:03 (inside the tolerance) with a revoked payment, Wed 30 absent.
 * Dashboard fixtures (unit 3, today): schedule templates that make each status certain at any hour.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { punchDashboardSchema, REPORT_FIGURES, timeReportSchema, type PunchDashboard, type ReportFigures, type TimeReport } from '@/features/time-clock/reports/schemas';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';
import { createTimeClockPerson, randomCpf } from '../../utils/time-clock-people.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `rel-${randomUUID().slice(0, 8)}`;

interface Person {
  id: string;
  client: SupabaseClient;
}

let unit1 = '';
let unit2 = '';
let unit3 = '';
let A: Person;
let B: Person;
let C: Person;
let viewer: Person;
let manager: Person;
let own: Person;
const roleIds: string[] = [];
const dash: Record<'working' | 'late' | 'onBreak' | 'done' | 'absent' | 'waiting' | 'off' | 'night', Person> = {} as never;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const cpfA = randomCpf();

const person = (label: string, unitId: string, permissions: string[]): Promise<Person> =>
  createTimeClockPerson({ backend, tag, label, unitId, permissions, roleIds });

let nsr = 0;
/** Marks as the clock records them: [work date, São Paulo local times…]; a time before the previous one is the next day. */
async function punch(userId: string, unitId: string, workDate: string, times: string[]): Promise<string[]> {
  const db = await sql(backend);
  const ids: string[] = [];
  try {
    let previous = '00:00';
    let date = workDate;
    for (const time of times) {
      if (time < previous) date = addDays(date, 1);
      previous = time;
      nsr += 1;
      const row = await db.query<{ id: string }>(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
         values ($1, $2, $3, 'EXTRA', $4::timestamptz, $5::date, 'fixture') returning id`,
        [userId, unitId, nsr, `${date}T${time}:00-03:00`, workDate],
      );
      ids.push(row.rows[0]!.id);
    }
  } finally {
    await db.end();
  }
  return ids;
}

/** Marks made `minutesAgo` before now, of today's journey (or `workDate`), with the clock's punch types. */
async function punchAgo(userId: string, unitId: string, marks: [number, string][], workDate = today): Promise<void> {
  const db = await sql(backend);
  try {
    for (const [minutesAgo, kind] of marks) {
      nsr += 1;
      await db.query(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
         values ($1, $2, $3, $4, now() - $5 * interval '1 minute', $6::date, 'fixture')`,
        [userId, unitId, nsr, kind, minutesAgo, workDate],
      );
    }
  } finally {
    await db.end();
  }
}

async function adjust(userId: string, workDate: string, fields: Record<string, unknown>): Promise<string> {
  const db = await sql(backend);
  try {
    const keys = Object.keys(fields);
    const row = await db.query<{ id: string }>(
      `insert into public.ponto_ajustes (funcionario_id, work_date, motivo, ${keys.join(', ')})
       values ($1, $2, 'fixture', ${keys.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
      [userId, workDate, ...keys.map((k) => fields[k])],
    );
    return row.rows[0]!.id;
  } finally {
    await db.end();
  }
}

/** A weekly template working every day (or none), assigned to the employee from a week ago. */
async function everyDay(userId: string, name: string, start: string | null, end: string | null): Promise<void> {
  const db = await sql(backend);
  try {
    const template = await db.query<{ id: string }>(
      `insert into public.work_schedule_templates (name, kind, cycle_days) values ($1, 'weekly', 7) returning id`,
      [`${name} ${tag}`],
    );
    const templateId = template.rows[0]!.id;
    await db.query(
      `insert into public.work_schedule_template_days (template_id, position, works, start_time, end_time, break_minutes)
       select $1, g, $2::time is not null, $2::time, $3::time, 0 from generate_series(0, 6) g`,
      [templateId, start, end],
    );
    await db.query(
      `insert into public.work_schedules (user_id, template_id, valid_from, cycle_start, unit_id) values ($1, $2, $3::date - 7, $3::date - 7, $4)`,
      [userId, templateId, today, unit3],
    );
  } finally {
    await db.end();
  }
}

const report = async (client: SupabaseClient, args: Record<string, unknown>): Promise<TimeReport> =>
  timeReportSchema.parse(unwrap(await client.rpc('get_time_report', args)));
const dashboard = async (client: SupabaseClient, unitId?: string): Promise<PunchDashboard> =>
  punchDashboardSchema.parse(unwrap(await client.rpc('get_punch_dashboard', unitId ? { p_unit_id: unitId } : {})));
const september = { p_from: '2026-09-01', p_to: '2026-09-30' };

/** Every figure, zero unless given. */
const figures = (given: Partial<ReportFigures>): ReportFigures =>
  Object.fromEntries(REPORT_FIGURES.map((k) => [k, given[k] ?? 0])) as ReportFigures;
const pick = (row: ReportFigures): ReportFigures => Object.fromEntries(REPORT_FIGURES.map((k) => [k, row[k]])) as ReportFigures;

const figuresA = figures({
  // 21 weekdays but the holiday; the excused 10th expects nothing.
  expected_minutes: 20 * 480,
  // 15 normal days × 480 + 460 (1st) + 450 (2nd) + 510 (3rd) + 840 (8th) + 240 (Sunday) + 120 (holiday).
  worked_minutes: 9820,
  balance_minutes: 220,
  overtime_minutes: 30 + 240 + 120 + 360,
  overtime_50_minutes: 30 + 360,
  overtime_100_minutes: 240 + 120,
  overtime_days_over_2h: 2,
  undertime_minutes: 20 + 30 + 480,
  absences: 1,
  absence_minutes: 480,
  late_count: 1,
  late_minutes: 20,
  early_leave_count: 1,
  early_leave_minutes: 30,
  short_break_days: 1,
  short_rest_days: 1,
  night_minutes: 60,
  // 60 × 60 / 52.5 = 68.57.
  night_reduced_minutes: 69,
  bank_earned_minutes: 220,
  bank_settled_minutes: 60,
  bank_movement_minutes: 160,
  sundays_worked: 1,
  holidays_worked: 1,
  workdays: 20,
  days_worked: 21,
  excused_days: 1,
});

const figuresB = figures({
  expected_minutes: 3 * 480,
  worked_minutes: 480 + 485,
  balance_minutes: -480,
  undertime_minutes: 480,
  absences: 1,
  absence_minutes: 480,
  bank_earned_minutes: -480,
  bank_movement_minutes: -480,
  workdays: 3,
  days_worked: 2,
});

const sum = (...rows: ReportFigures[]): ReportFigures =>
  Object.fromEntries(REPORT_FIGURES.map((k) => [k, rows.reduce((acc, r) => acc + r[k], 0)])) as ReportFigures;

beforeAll(async () => {
  const admin = await as('admin');
  [unit1, unit2, unit3] = (await Promise.all(
    ['1', '2', '3'].map(async (n) => unwrap(await admin.from('store_units').insert({ name: `Loja ${n} ${tag}` }).select('id').single()).id as string),
  )) as [string, string, string];
  [A, B, C, viewer, manager, own] = await Promise.all([
    person('Alice', unit1, []),
    person('Bento', unit1, []),
    person('Caio', unit2, []),
    person('Leitora', unit1, ['PUNCH_VIEW_OWN', 'PUNCH_VIEW_ALL']),
    person('Gerente', unit1, ['PUNCH_VIEW_OWN', 'PUNCH_MANAGE']),
    person('Propria', unit1, ['PUNCH_VIEW_OWN']),
  ]);
  const people = await Promise.all(
    (['working', 'late', 'onBreak', 'done', 'absent', 'waiting', 'off', 'night'] as const).map(async (key) => [key, await person(`Dash ${key}`, unit3, [])] as const),
  );
  for (const [key, p] of people) dash[key] = p;

  const db = await sql(backend);
  try {
    await db.query('insert into public.employee_records (user_id, cpf, job_title) values ($1, $2, $3)', [A.id, cpfA, 'Balconista']);
  } finally {
    await db.end();
  }

  nsr = 0;
  const normal = ['08:00', '12:00', '13:00', '17:00'];
  await punch(A.id, unit1, '2026-09-01', ['08:20', '12:00', '13:00', '17:00']);
  await punch(A.id, unit1, '2026-09-02', ['08:00', '12:00', '13:00', '16:30']);
  await punch(A.id, unit1, '2026-09-03', ['08:00', '12:00', '12:30', '17:00']);
  await punch(A.id, unit1, '2026-09-06', ['08:00', '12:00']);
  await punch(A.id, unit1, '2026-09-07', ['09:00', '11:00']);
  await punch(A.id, unit1, '2026-09-08', ['08:00', '12:00', '13:00', '23:00']);
  await adjust(A.id, '2026-09-10', { kind: 'abono', abono_tipo: 'atestado' });
  await adjust(A.id, '2026-09-14', { kind: 'compensacao', minutes: 60 });
  await punch(A.id, unit1, '2026-09-15', ['08:00', '12:00', '13:00']);
  await adjust(A.id, '2026-09-15', { kind: 'inclusao', punched_at: '2026-09-15T17:00:00-03:00' });
  for (const d of [9, 11, 14, 16, 17, 18, 21, 22, 23, 24, 25, 28, 29, 30]) {
    await punch(A.id, unit1, `2026-09-${String(d).padStart(2, '0')}`, normal);
  }
  await punch(B.id, unit1, '2026-09-28', normal);
  await punch(B.id, unit1, '2026-09-29', ['07:58', '12:00', '13:00', '17:03']);
  const payment = await adjust(B.id, '2026-09-29', { kind: 'pagamento', minutes: 30 });
  await adjust(B.id, '2026-09-29', { kind: 'revogacao', revoga_id: payment });
  await punch(C.id, unit2, '2026-09-14', normal);

  // Dashboard: 'working' started 10 min ago on a shift planned for 23:58 (never late); 'late' started 1 min
  // ago on a shift planned at 00:00 (late by the whole time since midnight); 'onBreak' left for the break;
  // 'done' made four marks; 'absent' is planned at 00:00 and made none; 'waiting' is planned at 23:58; 'off'
  // works no day; 'night' (planned at 00:00) began yesterday's journey 2 hours ago and is still on it.
  await everyDay(dash.working.id, 'Noite tardia A', '23:58', '23:59');
  await everyDay(dash.late.id, 'Madrugada A', '00:00', '00:01');
  await everyDay(dash.onBreak.id, 'Noite tardia B', '23:58', '23:59');
  await everyDay(dash.done.id, 'Noite tardia C', '23:58', '23:59');
  await everyDay(dash.absent.id, 'Madrugada B', '00:00', '00:01');
  await everyDay(dash.waiting.id, 'Noite tardia D', '23:58', '23:59');
  await everyDay(dash.off.id, 'Sem escala', null, null);
  await everyDay(dash.night.id, 'Madrugada C', '00:00', '00:01');
  await punchAgo(dash.working.id, unit3, [[10, 'ENTRADA']]);
  await punchAgo(dash.late.id, unit3, [[1, 'ENTRADA']]);
  await punchAgo(dash.onBreak.id, unit3, [[40, 'ENTRADA'], [20, 'SAIDA_INTERVALO']]);
  await punchAgo(dash.done.id, unit3, [[50, 'ENTRADA'], [40, 'SAIDA_INTERVALO'], [30, 'RETORNO_INTERVALO'], [5, 'SAIDA_FINAL']]);
  await punchAgo(dash.night.id, unit3, [[120, 'ENTRADA']], addDays(today, -1));
}, 120_000);

afterAll(async () => {
  const db = await sql(backend);
  try {
    // Punches and adjustments are evidence and stay; only the test roles go.
    await db.query('delete from public.user_roles where role_id = any($1::uuid[])', [roleIds]);
    await db.query('delete from public.custom_roles where id = any($1::uuid[])', [roleIds]);
  } finally {
    await db.end();
  }
});

describe('get_time_report: a hand-computed month (item 2)', () => {
  it('answers every column of each employee, their unit and the totals', async () => {
    const admin = await as('admin');
    const r = await report(admin, { ...september, p_unit_id: unit1 });
    expect(r).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
    const rowA = r.employees.find((e) => e.user_id === A.id)!;
    const rowB = r.employees.find((e) => e.user_id === B.id)!;
    expect(pick(rowA)).toEqual(figuresA);
    expect(pick(rowB)).toEqual(figuresB);
    expect(rowA).toMatchObject({ full_name: `Alice ${tag}`, unit_id: unit1, unit_name: `Loja 1 ${tag}`, job_title: 'Balconista', cpf: cpfA, cpf_masked: false });
    expect(rowB).toMatchObject({ cpf: null, cpf_masked: false, job_title: null });
    // The others of the unit (viewer, manager, own) have no time record: all zero.
    expect(r.employees.map((e) => e.user_id).sort()).toEqual([A.id, B.id, viewer.id, manager.id, own.id].sort());
    for (const e of r.employees.filter((row) => ![A.id, B.id].includes(row.user_id))) expect(pick(e)).toEqual(figures({}));
    expect(r.units).toHaveLength(1);
    expect(r.units[0]).toEqual({ unit_id: unit1, unit_name: `Loja 1 ${tag}`, employees: 5, ...sum(figuresA, figuresB) });
    expect(r.totals).toEqual({ employees: 5, ...sum(figuresA, figuresB) });
  });

  it('sums per day over every date of the period', async () => {
    const admin = await as('admin');
    const r = await report(admin, { ...september, p_unit_id: unit1 });
    expect(r.daily.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => `2026-09-${String(i + 1).padStart(2, '0')}`));
    const on = (date: string) => r.daily.find((d) => d.date === date);
    expect(on('2026-09-01')).toEqual({ date: '2026-09-01', expected_minutes: 480, worked_minutes: 460, overtime_minutes: 0, absences: 0, late_count: 1 });
    expect(on('2026-09-04')).toEqual({ date: '2026-09-04', expected_minutes: 480, worked_minutes: 0, overtime_minutes: 0, absences: 1, late_count: 0 });
    expect(on('2026-09-06')).toEqual({ date: '2026-09-06', expected_minutes: 0, worked_minutes: 240, overtime_minutes: 240, absences: 0, late_count: 0 });
    expect(on('2026-09-08')).toEqual({ date: '2026-09-08', expected_minutes: 480, worked_minutes: 840, overtime_minutes: 360, absences: 0, late_count: 0 });
    expect(on('2026-09-29')).toEqual({ date: '2026-09-29', expected_minutes: 960, worked_minutes: 965, overtime_minutes: 0, absences: 0, late_count: 0 });
    expect(on('2026-09-30')).toEqual({ date: '2026-09-30', expected_minutes: 960, worked_minutes: 480, overtime_minutes: 0, absences: 1, late_count: 0 });
    const daySum = r.daily.reduce((acc, d) => acc + d.worked_minutes, 0);
    expect(daySum).toBe(r.totals.worked_minutes);
  });

  it('one employee, a shorter period, and days after today count nothing', async () => {
    const admin = await as('admin');
    const one = await report(admin, { p_from: '2026-09-01', p_to: '2026-09-07', p_user_id: A.id });
    expect(one.employees.map((e) => e.user_id)).toEqual([A.id]);
    expect(one.employees[0]).toMatchObject({ worked_minutes: 460 + 450 + 510 + 240 + 120, workdays: 4, absences: 1, overtime_100_minutes: 360, sundays_worked: 1, holidays_worked: 1 });
    // A period entirely after today: every row zero, every date listed.
    const future = await report(admin, { p_from: addDays(today, 1), p_to: addDays(today, 3), p_unit_id: unit1 });
    expect(future.totals).toEqual({ employees: 5, ...figures({}) });
    expect(future.daily).toHaveLength(3);
    // An employee filter outside the unit filter: nobody.
    const none = await report(admin, { ...september, p_unit_id: unit2, p_user_id: A.id });
    expect(none.employees).toEqual([]);
  });
});

describe('get_punch_dashboard: right now (item 1)', () => {
  it('gives each person their status, lateness, worked time and last mark, with the counts', async () => {
    const admin = await as('admin');
    const d = await dashboard(admin, unit3);
    expect(d.today).toBe(today);
    expect(d.units).toHaveLength(1);
    const unit = d.units[0]!;
    expect(unit.unit_id).toBe(unit3);
    const of = (p: Person) => unit.people.find((x) => x.user_id === p.id)!;
    expect(of(dash.working)).toMatchObject({ status: 'trabalhando', late: false, late_minutes: 0, marks_today: 1, day_kind: 'work', expected_start: '23:58:00', expected_end: '23:59:00', expected_minutes: 1 });
    expect(of(dash.working).worked_minutes).toBeGreaterThanOrEqual(10);
    expect(of(dash.working).last_mark).toMatchObject({ kind: 'ENTRADA', source: 'O' });
    expect(of(dash.onBreak)).toMatchObject({ status: 'intervalo', marks_today: 2, worked_minutes: 20, late: false, last_mark: { kind: 'SAIDA_INTERVALO', source: 'O' } });
    expect(of(dash.done)).toMatchObject({ status: 'encerrado', marks_today: 4, worked_minutes: 35, last_mark: { kind: 'SAIDA_FINAL' } });
    expect(of(dash.waiting)).toMatchObject({ status: 'aguardando', late: false, marks_today: 0, last_mark: null });
    expect(of(dash.off)).toMatchObject({ status: 'sem_escala', late: false, day_kind: 'rest', expected_minutes: 0, expected_start: null });
    expect(of(dash.night)).toMatchObject({ status: 'trabalhando', marks_today: 1, late: true });
    expect(of(dash.night).worked_minutes).toBeGreaterThanOrEqual(120);
    // Planned at 00:00: late by the whole time since midnight (São Paulo), once 5 min have passed.
    const now = new Date(d.now);
    const midnight = new Date(`${today}T00:00:00-03:00`);
    const sinceMidnight = Math.floor((now.getTime() - midnight.getTime()) / 60_000);
    if (sinceMidnight > 6) {
      expect(of(dash.absent)).toMatchObject({ status: 'ausente', late: true, marks_today: 0 });
      expect(Math.abs(of(dash.absent).late_minutes - sinceMidnight)).toBeLessThanOrEqual(1);
      expect(of(dash.late)).toMatchObject({ status: 'trabalhando', late: true });
      expect(Math.abs(of(dash.late).late_minutes - (sinceMidnight - 1))).toBeLessThanOrEqual(1);
      expect(unit.counts).toEqual({ trabalhando: 3, intervalo: 1, encerrado: 1, ausente: 1, aguardando: 1, sem_escala: 1, atrasado: 3, total: 8 });
      // Sorted by status, then name.
      expect(unit.people.map((p) => p.status)).toEqual(['trabalhando', 'trabalhando', 'trabalhando', 'intervalo', 'encerrado', 'ausente', 'aguardando', 'sem_escala']);
      const working = unit.people.filter((p) => p.status === 'trabalhando').map((p) => p.full_name);
      expect(working).toEqual([...working].sort((a, b) => a.localeCompare(b)));
    } else {
      // In the first minutes after midnight the 00:00 shift has not passed its 5 minutes yet.
      expect(of(dash.absent)).toMatchObject({ status: 'aguardando', late: false });
    }
  });

  it('a new punch changes the answer: the working one leaves for the break, then an inclusion ends the waiting one', async () => {
    const admin = await as('admin');
    await punchAgo(dash.working.id, unit3, [[0, 'SAIDA_INTERVALO']]);
    await adjust(dash.waiting.id, today, { kind: 'inclusao', punched_at: new Date(Date.now() - 60_000).toISOString() });
    const unit = (await dashboard(admin, unit3)).units[0]!;
    expect(unit.people.find((p) => p.user_id === dash.working.id)).toMatchObject({ status: 'intervalo', marks_today: 2 });
    expect(unit.people.find((p) => p.user_id === dash.waiting.id)).toMatchObject({ status: 'trabalhando', marks_today: 1, last_mark: { kind: 'INCLUSAO', source: 'I' } });
  });

  it('without a unit: every unit in the caller\'s scope, sorted by name', async () => {
    const leitora = await dashboard(viewer.client);
    expect(leitora.units.map((u) => u.unit_id)).toEqual([unit1]);
    expect(leitora.units[0]!.people.map((p) => p.user_id).sort()).toEqual([A.id, B.id, viewer.id, manager.id, own.id].sort());
    const all = await dashboard(await as('admin'));
    const names = all.units.map((u) => u.unit_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.units.map((u) => u.unit_id)).toEqual(expect.arrayContaining([unit1, unit2, unit3]));
  });
});

describe('private.expected_days_of, the dashboard\'s set-based expected days', () => {
  it('answers exactly what private.expected_days answers, person by person and day by day', async () => {
    const everyone = [A, B, C, viewer, manager, own, ...Object.values(dash)].map((p) => p.id);
    const db = await sql(backend);
    try {
      const ranges: [string, string][] = [['2026-08-25', '2026-10-05'], [addDays(today, -10), addDays(today, 3)]];
      for (const [from, to] of ranges) {
        const differences = await db.query<{ n: number; rows: number }>(
          `with one as (select u.id as user_id, e.* from unnest($1::uuid[]) u(id) cross join lateral private.expected_days(u.id, $2::date, $3::date) e),
                many as (select * from private.expected_days_of($1::uuid[], $2::date, $3::date))
           select (select count(*) from ((select * from one except all select * from many) union all (select * from many except all select * from one)) x)::int as n,
                  (select count(*) from many)::int as rows`,
          [everyone, from, to],
        );
        expect(differences.rows[0]).toEqual({ n: 0, rows: everyone.length * (Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1) });
      }
      // The fixtures cover a holiday, an excused day, rest days, the default week and assigned templates.
      const kinds = await db.query<{ day_kind: string }>(
        `select distinct day_kind from private.expected_days_of($1::uuid[], '2026-09-01', '2026-09-30') union
         select distinct day_kind from private.expected_days_of($1::uuid[], $2::date, $2::date)`,
        [everyone, today],
      );
      expect(kinds.rows.map((r) => r.day_kind).sort()).toEqual(['excused', 'holiday', 'rest', 'work']);
    } finally {
      await db.end();
    }
  });
});

describe('access and bad input (item 6)', () => {
  it('PUNCH_VIEW_ALL reads its units with masked CPFs; PUNCH_MANAGE of the unit reads them whole', async () => {
    const r = await report(viewer.client, september);
    expect(r.employees.map((e) => e.user_id).sort()).toEqual([A.id, B.id, viewer.id, manager.id, own.id].sort());
    expect(r.units.map((u) => u.unit_id)).toEqual([unit1]);
    const masked = `***.${cpfA.slice(3, 6)}.${cpfA.slice(6, 9)}-**`;
    expect(r.employees.find((e) => e.user_id === A.id)).toMatchObject({ cpf: masked, cpf_masked: true, ...figuresA });
    const m = await report(manager.client, september);
    expect(m.employees.find((e) => e.user_id === A.id)).toMatchObject({ cpf: cpfA, cpf_masked: false });
  });

  it('the ANALISTA of the demo reads only its own units', async () => {
    const analista = await as('analista');
    const d = await dashboard(analista);
    expect(d.units.length).toBeGreaterThan(0);
    expect(d.units.map((u) => u.unit_id)).not.toContain(unit1);
    const r = await report(analista, september);
    expect(r.employees.map((e) => e.user_id)).not.toContain(A.id);
    const refused = await analista.rpc('get_time_report', { ...september, p_unit_id: unit1 });
    expect(refused.error).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver o ponto desta unidade' });
  });

  it('refuses a unit or an employee out of scope', async () => {
    for (const [name, args] of [
      ['get_punch_dashboard', { p_unit_id: unit2 }],
      ['get_time_report', { ...september, p_unit_id: unit2 }],
    ] as const) {
      const { data, error } = await viewer.client.rpc(name, args);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver o ponto desta unidade' });
    }
    const { data, error } = await viewer.client.rpc('get_time_report', { ...september, p_user_id: C.id });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver o ponto deste funcionário' });
  });

  it('a PUNCH_VIEW_OWN user, a clerk and anon get nothing from any report RPC', async () => {
    const balconista = await as('balconista');
    for (const client of [own.client, A.client, balconista]) {
      for (const [name, args] of [
        ['get_punch_dashboard', {}],
        ['get_time_report', september],
        ['get_time_report', { ...september, p_user_id: A.id }],
      ] as const) {
        const { data, error } = await client.rpc(name, args);
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver relatórios de ponto' });
      }
    }
    for (const [name, args] of [
      ['get_punch_dashboard', {}],
      ['get_time_report', september],
    ] as const) {
      const { data, error } = await anonClient(backend).rpc(name, args);
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
  });

  it('refuses an empty, inverted or longer-than-12-months period', async () => {
    const admin = await as('admin');
    for (const [args, message] of [
      [{ p_from: null, p_to: '2026-09-30' }, 'Informe o início e o fim do período'],
      [{ p_from: '2026-09-01', p_to: null }, 'Informe o início e o fim do período'],
      [{ p_from: '2026-09-30', p_to: '2026-09-01' }, 'O fim do período é anterior ao início'],
      [{ p_from: '2025-09-01', p_to: '2026-09-01' }, 'O período deve ter no máximo 12 meses'],
    ] as const) {
      const { data, error } = await admin.rpc('get_time_report', args);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '22023', message });
    }
    // Twelve months less a day is accepted.
    const year = await report(admin, { p_from: '2025-09-01', p_to: '2026-08-31', p_unit_id: unit2 });
    expect(year.daily).toHaveLength(365);
  });
});
