/**
 * Ponto Digital, the managers' side (issue 25, items 2–7), on hand-computed fixtures: the treated
 * days (tolerance, breaks, rest between journeys, overtime, night hours), adjustments that never touch
 * `pontos`, requests and their deadline, the hour bank, closing a month and acknowledging its espelho,
 * each role's scope, and every refusal with its exact message.
 *
 * The fixtures live in two units of this file's own, with people created here: an employee (A) and a
 * night worker (B) in unit 1, an employee (C) in unit 2, a PUNCH_VIEW_ALL viewer and a PUNCH_MANAGE
 * manager of unit 1. Marks are inserted as the clock would record them (per-unit NSR). Nobody has a
 * schedule assignment, so the §9 default applies: 480 min Monday–Friday, 08:00–17:00 with a 60-min break.
 * September 2026 (the 7th is a national holiday, never used here).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { listenTo, until } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';
import { createTimeClockPerson } from '../../utils/time-clock-people.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `trat-${randomUUID().slice(0, 8)}`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Person {
  id: string;
  client: SupabaseClient;
}

interface Day {
  date: string;
  day_kind: string;
  expected_minutes: number;
  worked_minutes: number;
  balance_minutes: number;
  tolerance_applied: boolean;
  night_minutes: number;
  night_reduced_minutes: number;
  break_taken_minutes: number;
  abono_tipo: string | null;
  flags: string[];
  marks: { at: string; source: 'O' | 'I' | 'D'; ponto_id: string | null; ajuste_id: string | null }[];
  treated: string[];
  adjustments: { id: string; kind: string; motivo: string; after_closing: boolean; revoked: boolean; created_by_name: string | null; solicitacao_id: string | null }[];
}

interface Sheet {
  month: string;
  closed: boolean;
  days: Day[];
  totals: { balance_minutes: number; night_minutes: number; expected_minutes: number; worked_minutes: number; absences: number };
  bank: Bank;
}

interface Bank {
  balance_minutes: number;
  agreement: { tipo: string; months: number };
  periods: { month: string; earned_minutes: number; expires_on: string; expired: boolean }[];
}

let unit1 = '';
let unit2 = '';
let employee: Person;
let night: Person;
let other: Person;
let viewer: Person;
let manager: Person;
const roleIds: string[] = [];

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const person = (label: string, unitId: string, permissions: string[]): Promise<Person> =>
  createTimeClockPerson({ backend, tag, label, unitId, permissions, roleIds });

let nsr = 0;
/** Inserts marks as the clock records them: [work date, São Paulo local times…]; a time before the first one is the next day. */
async function punch(userId: string, unitId: string, workDate: string, times: string[]): Promise<void> {
  const db = await sql(backend);
  try {
    let previous = '00:00';
    let date = workDate;
    for (const time of times) {
      if (time < previous) date = addDays(date, 1);
      previous = time;
      nsr += 1;
      await db.query(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
         values ($1, $2, $3, 'EXTRA', $4::timestamptz, $5::date, 'fixture')`,
        [userId, unitId, nsr, `${date}T${time}:00-03:00`, workDate],
      );
    }
  } finally {
    await db.end();
  }
}

async function sheet(client: SupabaseClient, userId: string, month: string): Promise<Sheet> {
  return unwrap(await client.rpc('get_treated_timesheet', { p_user_id: userId, p_month: month })) as Sheet;
}

function day(s: Sheet, date: string): Day {
  const found = s.days.find((d) => d.date === date);
  if (!found) throw new Error(`no ${date} in the sheet`);
  return found;
}

async function pontosOf(userId: string): Promise<unknown[]> {
  const db = await sql(backend);
  try {
    return (await db.query('select * from public.pontos where funcionario_id = $1 order by nsr', [userId])).rows;
  } finally {
    await db.end();
  }
}

async function adjustmentCount(): Promise<number> {
  const db = await sql(backend);
  try {
    const counts = await db.query<{ a: number; s: number; c: number }>(
      `select (select count(*) from public.ponto_ajustes)::int as a, (select count(*) from public.ponto_solicitacoes)::int as s,
              (select count(*) from public.ponto_espelho_ciencias)::int as c`,
    );
    const row = counts.rows[0]!;
    return row.a * 1_000_000 + row.s * 1_000 + row.c;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  const admin = await as('admin');
  unit1 = unwrap(await admin.from('store_units').insert({ name: `Loja 1 ${tag}` }).select('id').single()).id as string;
  unit2 = unwrap(await admin.from('store_units').insert({ name: `Loja 2 ${tag}` }).select('id').single()).id as string;
  [employee, night, other, viewer, manager] = await Promise.all([
    person('Empregada', unit1, []),
    person('Noturno', unit1, []),
    person('Outra', unit2, []),
    person('Leitora', unit1, ['PUNCH_VIEW_ALL']),
    person('Gerente', unit1, ['PUNCH_MANAGE']),
  ]);
  nsr = 0;
  const A = employee.id;
  // Tolerance: 5 min on one mark (balance 0), 6 min (−6), 5 + 5 = 10 in the day (0), 5 + 5 + 1 = 11 (+11, and a 59-min break).
  await punch(A, unit1, '2026-09-14', ['08:05', '12:00', '13:00', '17:00']);
  await punch(A, unit1, '2026-09-15', ['08:06', '12:00', '13:00', '17:00']);
  await punch(A, unit1, '2026-09-16', ['07:55', '12:00', '13:00', '17:05']);
  await punch(A, unit1, '2026-09-17', ['07:55', '12:00', '12:59', '17:05']);
  // 10 h 59 min between the 21st's exit (21:01) and the 22nd's entry (08:00).
  await punch(A, unit1, '2026-09-21', ['12:00', '16:00', '17:00', '21:01']);
  await punch(A, unit1, '2026-09-22', ['08:00', '12:00', '13:00', '17:00']);
  // 2 h 01 min of overtime.
  await punch(A, unit1, '2026-09-23', ['08:00', '12:00', '13:00', '19:01']);
  // A forgotten exit, and a double entry.
  await punch(A, unit1, '2026-09-24', ['08:00', '12:00', '13:00']);
  await punch(A, unit1, '2026-09-25', ['08:00', '08:02', '12:00', '13:00', '17:00']);
  // The night worker: Wednesday 30 Sep 22:00 → Thursday 1 Oct 06:00, break 02:00–03:00.
  await punch(night.id, unit1, '2026-09-30', ['22:00', '02:00', '03:00', '06:00']);
  await punch(other.id, unit2, '2026-09-14', ['08:00', '12:00', '13:00', '17:00']);
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    // Punches, adjustments and acknowledgements are evidence and stay; only the test roles go.
    await db.query('delete from public.user_roles where role_id = any($1::uuid[])', [roleIds]);
    await db.query('delete from public.custom_roles where id = any($1::uuid[])', [roleIds]);
  } finally {
    await db.end();
  }
});

describe('the treated day (item 6)', () => {
  it('tolerance: 5 min on a mark and 10 in the day are ignored; 6 on a mark or 11 in the day count whole', async () => {
    const s = await sheet(employee.client, employee.id, '2026-09-01');
    expect(day(s, '2026-09-14')).toMatchObject({ expected_minutes: 480, worked_minutes: 475, balance_minutes: 0, tolerance_applied: true, flags: [] });
    expect(day(s, '2026-09-15')).toMatchObject({ worked_minutes: 474, balance_minutes: -6, tolerance_applied: false });
    expect(day(s, '2026-09-16')).toMatchObject({ worked_minutes: 490, balance_minutes: 0, tolerance_applied: true });
    expect(day(s, '2026-09-17')).toMatchObject({ worked_minutes: 491, balance_minutes: 11, tolerance_applied: false, break_taken_minutes: 59 });
  });

  it('flags a 59-minute break, 10 h 59 min between journeys, over 2 h of overtime and an odd number of marks', async () => {
    const s = await sheet(employee.client, employee.id, '2026-09-01');
    expect(day(s, '2026-09-17').flags).toEqual(['intervalo_curto']);
    expect(day(s, '2026-09-16').flags).toEqual([]);
    expect(day(s, '2026-09-21')).toMatchObject({ worked_minutes: 481, balance_minutes: 1, flags: [] });
    expect(day(s, '2026-09-22')).toMatchObject({ balance_minutes: 0, flags: ['interjornada_curta'] });
    expect(day(s, '2026-09-23')).toMatchObject({ worked_minutes: 601, balance_minutes: 121, flags: ['hora_extra_acima_2h'] });
    expect(day(s, '2026-09-24')).toMatchObject({ worked_minutes: 240, balance_minutes: -240, flags: ['marcacao_impar'] });
    // A workday without a mark is an absence; a weekend is rest.
    expect(day(s, '2026-09-28')).toMatchObject({ day_kind: 'work', balance_minutes: -480, flags: ['falta'] });
    expect(day(s, '2026-09-19')).toMatchObject({ day_kind: 'rest', expected_minutes: 0, balance_minutes: 0, flags: [] });
  });

  it('a night shift across midnight and the month boundary stays on its start day, with clock and reduced night minutes', async () => {
    const s = await sheet(night.client, night.id, '2026-09-01');
    // 22:00–02:00 (240 min, all night) + 03:00–06:00 (180 min, 120 of them before 05:00): 360 night minutes,
    // 360 × 60 / 52.5 = 411.4 → 411 in 52 min 30 s hours. Planned 08:00–17:00: the whole difference counts.
    expect(day(s, '2026-09-30')).toMatchObject({ worked_minutes: 420, night_minutes: 360, night_reduced_minutes: 411, balance_minutes: -60 });
    expect(s.totals.night_minutes).toBe(360);
    const october = await sheet(night.client, night.id, '2026-10-01');
    expect(day(october, '2026-10-01')).toMatchObject({ worked_minutes: 0, night_minutes: 0, marks: [] });
    // /meu-ponto reads the same core: the same figures in its appended columns.
    const rows = unwrap(await night.client.rpc('get_my_monthly_timesheet', { p_month: '2026-09-01' })) as {
      date: string; saida_final: string | null; horas_trabalhadas_minutos: number; saldo_minutos: number; minutos_noturnos: number; minutos_noturnos_reduzidos: number;
    }[];
    const last = rows.find((r) => r.date === '2026-09-30')!;
    expect(last).toMatchObject({ horas_trabalhadas_minutos: 420, saldo_minutos: -60, minutos_noturnos: 360, minutos_noturnos_reduzidos: 411 });
    expect(new Date(last.saida_final!).toISOString()).toBe('2026-10-01T09:00:00.000Z');
  });
});

describe('adjustments (item 2)', () => {
  it('an included mark completes the day with source I; pontos never changes; revoking is another row', async () => {
    const before = await pontosOf(employee.id);
    const added = unwrap(
      await manager.client.rpc('add_punch_adjustment', {
        p_user_id: employee.id, p_work_date: '2026-09-24', p_kind: 'inclusao', p_motivo: 'Esqueceu de marcar a saída', p_punched_at: '2026-09-24T17:00:00-03:00',
      }),
    ) as { id: string; created_by: string; after_closing: boolean };
    expect(added).toMatchObject({ created_by: manager.id, after_closing: false });
    let d = day(await sheet(employee.client, employee.id, '2026-09-01'), '2026-09-24');
    expect(d).toMatchObject({ worked_minutes: 480, balance_minutes: 0, flags: [] });
    expect(d.marks.map((m) => m.source)).toEqual(['O', 'O', 'O', 'I']);
    expect(d.adjustments[0]).toMatchObject({ kind: 'inclusao', motivo: 'Esqueceu de marcar a saída', created_by_name: `Gerente ${tag}`, revoked: false });

    // The employee's own /meu-ponto shows the treated day.
    const mine = (unwrap(await employee.client.rpc('get_my_monthly_timesheet', { p_month: '2026-09-01' })) as { date: string; saida_final: string | null; tratado: boolean }[])
      .find((r) => r.date === '2026-09-24')!;
    expect(mine.tratado).toBe(true);
    expect(new Date(mine.saida_final!).toISOString()).toBe('2026-09-24T20:00:00.000Z');

    const revoked = unwrap(await manager.client.rpc('revoke_punch_adjustment', { p_id: added.id, p_motivo: 'Lançado por engano' })) as { kind: string };
    expect(revoked.kind).toBe('revogacao');
    d = day(await sheet(employee.client, employee.id, '2026-09-01'), '2026-09-24');
    expect(d.flags).toEqual(['marcacao_impar']);
    expect(d.adjustments.map((a) => [a.kind, a.revoked])).toEqual([['inclusao', true], ['revogacao', false]]);
    expect((await manager.client.rpc('revoke_punch_adjustment', { p_id: added.id, p_motivo: 'De novo' })).error?.message).toBe('Este ajuste já foi revogado');
    // Include it again for good.
    unwrap(await manager.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-24', p_kind: 'inclusao', p_motivo: 'Saída confirmada pela gerente', p_punched_at: '2026-09-24T17:00:00-03:00',
    }));
    expect(await pontosOf(employee.id)).toEqual(before);
  });

  it('a disregarded mark stays as D and stops counting; an abono makes the day excused', async () => {
    const before = await pontosOf(employee.id);
    let d = day(await sheet(manager.client, employee.id, '2026-09-01'), '2026-09-25');
    expect(d.flags).toEqual(['marcacao_impar']);
    const double = d.marks[1]!;
    unwrap(await manager.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-25', p_kind: 'desconsiderar', p_motivo: 'Marcação em duplicidade', p_ponto_id: double.ponto_id,
    }));
    d = day(await sheet(manager.client, employee.id, '2026-09-01'), '2026-09-25');
    expect(d.marks.map((m) => m.source)).toEqual(['O', 'D', 'O', 'O', 'O']);
    expect(d).toMatchObject({ worked_minutes: 480, balance_minutes: 0, flags: [] });
    expect(d.treated).toHaveLength(4);

    unwrap(await manager.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-28', p_kind: 'abono', p_abono_tipo: 'atestado', p_motivo: 'Atestado médico de um dia',
    }));
    d = day(await sheet(manager.client, employee.id, '2026-09-01'), '2026-09-28');
    expect(d).toMatchObject({ day_kind: 'excused', abono_tipo: 'atestado', expected_minutes: 0, balance_minutes: 0, flags: [] });
    expect(await pontosOf(employee.id)).toEqual(before);
    // Nobody edits or removes an adjustment, not even the service role.
    const service = serviceClient(backend);
    const edit = await service.from('ponto_ajustes').update({ motivo: 'trocado' }).eq('funcionario_id', employee.id).select();
    expect(edit.error?.message).toBe('Ajustes de ponto não podem ser alterados nem excluídos; revogue o ajuste');
  });
});

describe('scope (item 7)', () => {
  it('own records; PUNCH_VIEW_ALL of its units reads only; PUNCH_MANAGE writes in its units; ADMIN everywhere', async () => {
    // Own.
    expect((await employee.client.rpc('get_treated_timesheet', { p_user_id: night.id, p_month: '2026-09-01' })).error?.message).toBe(
      'Você não tem permissão para ver o ponto deste funcionário',
    );
    expect((await employee.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-15', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Eu mesma',
    })).error?.message).toBe('Você não tem permissão para tratar o ponto deste funcionário');
    // The viewer: unit 1 only, reading.
    expect((await sheet(viewer.client, employee.id, '2026-09-01')).days).toHaveLength(30);
    expect((await viewer.client.rpc('get_treated_timesheet', { p_user_id: other.id, p_month: '2026-09-01' })).error?.code).toBe('42501');
    expect((await viewer.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-15', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Leitora',
    })).error?.message).toBe('Você não tem permissão para tratar o ponto deste funcionário');
    const seen = unwrap(await viewer.client.from('ponto_ajustes').select('funcionario_id'));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.funcionario_id === employee.id || r.funcionario_id === night.id || r.funcionario_id === viewer.id || r.funcionario_id === manager.id)).toBe(true);
    expect(unwrap(await employee.client.from('ponto_ajustes').select('funcionario_id')).every((r) => r.funcionario_id === employee.id)).toBe(true);
    // The manager: unit 1, not unit 2.
    expect((await manager.client.rpc('add_punch_adjustment', {
      p_user_id: other.id, p_work_date: '2026-09-15', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Outra unidade',
    })).error?.message).toBe('Você não tem permissão para tratar o ponto deste funcionário');
    expect((await manager.client.rpc('get_hour_bank', { p_user_id: other.id })).error?.code).toBe('42501');
    expect((await manager.client.rpc('close_timesheet_month', { p_unit_id: unit2, p_month: '2026-09-01' })).error?.message).toBe(
      'Você não tem permissão para fechar o mês desta unidade',
    );
    // ADMIN: anyone.
    const admin = await as('admin');
    expect(day(await sheet(admin, other.id, '2026-09-01'), '2026-09-14')).toMatchObject({ worked_minutes: 480, balance_minutes: 0 });
  });
});

describe('requests (item 3)', () => {
  const yesterday = addDays(today, -1);

  it('the employee asks within the deadline; the manager approves (the adjustment is linked) or rejects with a reason', async () => {
    const asked = unwrap(await employee.client.rpc('request_punch_adjustment', {
      p_work_date: yesterday, p_kind: 'inclusao', p_motivo: 'Esqueci de marcar a entrada', p_punched_at: `${yesterday}T08:00:00-03:00`,
    })) as { id: string; status: string };
    expect(asked.status).toBe('PENDENTE');
    const atestado = unwrap(await employee.client.rpc('request_punch_adjustment', {
      p_work_date: yesterday, p_kind: 'abono', p_abono_tipo: 'atestado', p_motivo: 'Consulta médica', p_anexo_path: `${employee.id}/atestado.jpg`,
    })) as { id: string };
    expect(await manager.client.rpc('count_pending_punch_requests')).toMatchObject({ data: 2 });
    expect(await viewer.client.rpc('count_pending_punch_requests')).toMatchObject({ data: 0 });
    expect((await manager.client.rpc('decide_punch_adjustment_request', { p_id: atestado.id, p_aprovar: false })).error?.message).toBe('Informe o motivo da rejeição');
    const rejected = unwrap(await manager.client.rpc('decide_punch_adjustment_request', { p_id: atestado.id, p_aprovar: false, p_motivo: 'Atestado ilegível' })) as {
      request: { status: string; decision_reason: string }; adjustment: null;
    };
    expect(rejected).toMatchObject({ request: { status: 'REJEITADA', decision_reason: 'Atestado ilegível' }, adjustment: null });
    const approved = unwrap(await manager.client.rpc('decide_punch_adjustment_request', { p_id: asked.id, p_aprovar: true })) as {
      request: { status: string }; adjustment: { solicitacao_id: string; kind: string };
    };
    expect(approved).toMatchObject({ request: { status: 'APROVADA' }, adjustment: { solicitacao_id: asked.id, kind: 'inclusao' } });
    expect((await manager.client.rpc('decide_punch_adjustment_request', { p_id: asked.id, p_aprovar: true })).error?.message).toBe('Esta solicitação já foi decidida');
    // The employee sees the outcome.
    const mine = unwrap(await employee.client.rpc('list_punch_requests', { p_user_id: employee.id })) as { id: string; status: string; decided_by_name: string }[];
    expect(mine.find((r) => r.id === asked.id)).toMatchObject({ status: 'APROVADA', decided_by_name: `Gerente ${tag}` });
    expect(mine.find((r) => r.id === atestado.id)).toMatchObject({ status: 'REJEITADA' });
    const month = `${yesterday.slice(0, 7)}-01`;
    expect(day(await sheet(employee.client, employee.id, month), yesterday).marks.map((m) => m.source)).toEqual(['I']);
  });
});

describe('realtime (item 7)', () => {
  it("a new request reaches the unit's viewer and manager and the employee, never another unit's people", async () => {
    const yesterday = addDays(today, -1);
    const listeners = await Promise.all([
      listenTo(viewer.client, 'ponto_solicitacoes', 'viewer'),
      listenTo(manager.client, 'ponto_solicitacoes', 'manager'),
      listenTo(employee.client, 'ponto_solicitacoes', 'employee'),
      listenTo(other.client, 'ponto_solicitacoes', 'other'),
    ]);
    try {
      const asked = unwrap(await employee.client.rpc('request_punch_adjustment', {
        p_work_date: yesterday, p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Folga combinada com a gerente',
      })) as { id: string };
      const heard = (i: number) => listeners[i]!.inbox.some((change) => change.new.id === asked.id);
      await until(() => heard(0) && heard(1) && heard(2));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(heard(3)).toBe(false);
    } finally {
      await Promise.all(listeners.map((l) => l.stop()));
    }
  });
});

describe('attachments (bucket ponto-anexos)', () => {
  it("the employee uploads to their own folder; managers and viewers of the unit read it; nobody else", async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
    const path = `${employee.id}/atestado-${tag}.jpg`;
    expect((await employee.client.storage.from('ponto-anexos').upload(path, photo, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await employee.client.storage.from('ponto-anexos').upload(`${night.id}/alheio.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect((await manager.client.storage.from('ponto-anexos').download(path)).error).toBeNull();
    expect((await viewer.client.storage.from('ponto-anexos').download(path)).error).toBeNull();
    expect((await other.client.storage.from('ponto-anexos').download(path)).error).not.toBeNull();
    expect((await night.client.storage.from('ponto-anexos').download(path)).error).not.toBeNull();
    expect((await anonClient(backend).storage.from('ponto-anexos').download(path)).error).not.toBeNull();
  });
});

describe('the hour bank (item 4)', () => {
  // Relative to today, since a bank's periods expire with the calendar: fixed months would expire under the test.
  it('follows the treated days, the agreement sets the expiry, a payout settles minutes', async () => {
    const worker = await person('Banco', unit1, []);
    const previous = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
    // The previous month's first workday (no assignment: the 480-minute weekday default, holidays off): 09:00 of work over.
    const db = await sql(backend);
    let workday = '';
    try {
      workday = (
        await db.query<{ day: string }>(
          `select to_char(min(e.day), 'YYYY-MM-DD') as day from private.expected_days($1, $2::date, ($2::date + interval '1 month - 1 day')::date) e where e.day_kind = 'work'`,
          [worker.id, previous],
        )
      ).rows[0]!.day;
    } finally {
      await db.end();
    }
    await punch(worker.id, unit1, workday, ['08:00', '12:00', '13:00', '18:00']);
    unwrap(await manager.client.rpc('set_hour_bank_agreement', { p_user_id: worker.id, p_tipo: 'semestral', p_valid_from: previous }));
    const month = await sheet(manager.client, worker.id, previous);
    expect(day(month, workday)).toMatchObject({ worked_minutes: 540, balance_minutes: 60 });
    const bank = unwrap(await worker.client.rpc('get_hour_bank', { p_user_id: worker.id })) as Bank;
    expect(bank.agreement).toMatchObject({ tipo: 'semestral', months: 6 });
    // Six months: the previous month's balance expires on the last day of its fifth month after.
    const [year, monthNumber] = previous.split('-').map(Number) as [number, number];
    const expires = addDays(new Date(Date.UTC(year, monthNumber - 1 + 6, 1)).toISOString().slice(0, 10), -1);
    expect(bank.periods[0]).toMatchObject({ month: previous, earned_minutes: month.totals.balance_minutes, expires_on: expires, expired: false });
    unwrap(await manager.client.rpc('add_punch_adjustment', {
      p_user_id: worker.id, p_work_date: today, p_kind: 'pagamento', p_minutes: 30, p_motivo: 'Pagas na folha',
    }));
    const after = unwrap(await worker.client.rpc('get_hour_bank', { p_user_id: worker.id })) as Bank;
    expect(after.balance_minutes).toBe(bank.balance_minutes - 30);
    // A new agreement from today keeps the minutes already in the bank; they now expire by its rule.
    unwrap(await manager.client.rpc('set_hour_bank_agreement', { p_user_id: worker.id, p_tipo: 'anual', p_valid_from: today }));
    const annual = unwrap(await worker.client.rpc('get_hour_bank', { p_user_id: worker.id })) as Bank;
    expect(annual.agreement).toMatchObject({ tipo: 'anual', months: 12 });
    expect(annual.periods[0]).toMatchObject({ month: previous, earned_minutes: month.totals.balance_minutes });
    expect(annual.balance_minutes).toBe(after.balance_minutes);
  });

  it("an account that never joined the time clock owes nothing: no absences, an empty bank", async () => {
    const outsider = await person('Fora', unit1, []);
    const previous = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
    const month = await sheet(manager.client, outsider.id, previous);
    expect(month.totals).toMatchObject({ expected_minutes: 0, balance_minutes: 0, absences: 0 });
    const bank = unwrap(await outsider.client.rpc('get_hour_bank', { p_user_id: outsider.id })) as Bank;
    expect(bank.balance_minutes).toBe(0);
  });
});

describe('closing and the espelho (item 5)', () => {
  it('a closed month refuses non-admin changes; ADMIN adjusts it, marked after closing', async () => {
    const closed = unwrap(await manager.client.rpc('close_timesheet_month', { p_unit_id: unit1, p_month: '2026-09-15' })) as { month: string };
    expect(closed.month).toBe('2026-09-01');
    expect((await manager.client.rpc('close_timesheet_month', { p_unit_id: unit1, p_month: '2026-09-01' })).error?.message).toBe('Este mês já está fechado para esta unidade');
    expect((await manager.client.rpc('close_timesheet_month', { p_unit_id: unit1, p_month: today })).error?.message).toBe('O mês só pode ser fechado depois do seu último dia');
    expect((await sheet(employee.client, employee.id, '2026-09-01')).closed).toBe(true);
    expect((await manager.client.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-15', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Depois do fechamento',
    })).error?.message).toBe('Este mês já foi fechado; apenas um administrador pode ajustá-lo');
    // A schedule change reaching the closed month is refused too; from the next month it is accepted.
    const template = unwrap(await manager.client.rpc('save_work_schedule_template', {
      p_id: null, p_name: `Comercial ${tag}`, p_kind: 'weekly', p_cycle_days: 7,
      p_days: Array.from({ length: 7 }, (_, position) => ({ position, works: position < 5, start_time: '08:00', end_time: '17:00', break_minutes: 60 })),
    })) as string;
    expect((await manager.client.rpc('assign_work_schedule', { p_user_id: employee.id, p_template_id: template, p_valid_from: '2026-09-20' })).error?.message).toBe(
      'A escala alcança o mês de 09/2026 já fechado; apenas um administrador pode alterá-la',
    );
    unwrap(await manager.client.rpc('assign_work_schedule', { p_user_id: employee.id, p_template_id: template, p_valid_from: '2026-10-01' }));
    const closing = unwrap(await manager.client.rpc('get_month_closing', { p_unit_id: unit1, p_month: '2026-09-01' })) as {
      closed: boolean;
      employees: { user_id: string; closing: { balance_minutes: number; worked_minutes: number; expected_minutes: number; absences: number; changed_since: boolean } | null }[];
    };
    expect(closing.closed).toBe(true);
    // What payroll received: each employee's totals as the month closed, equal to the treated month.
    const september = await sheet(manager.client, employee.id, '2026-09-01');
    const kept = closing.employees.find((e) => e.user_id === employee.id)?.closing;
    expect(kept).toMatchObject({
      expected_minutes: september.totals.expected_minutes, worked_minutes: september.totals.worked_minutes,
      balance_minutes: september.totals.balance_minutes, absences: september.totals.absences, changed_since: false,
    });
  });

  it('a month with pending requests does not close until they are decided', async () => {
    const admin = await as('admin');
    const db = await sql(backend);
    let requestId = '';
    try {
      // Asked within its deadline back then (the deadline is checked when asking, not when closing).
      requestId = (
        await db.query<{ id: string }>(
          `insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, abono_tipo, motivo) values ($1, '2026-09-14', 'abono', 'atestado', 'Atestado') returning id`,
          [other.id],
        )
      ).rows[0]!.id;
    } finally {
      await db.end();
    }
    expect((await admin.rpc('close_timesheet_month', { p_unit_id: unit2, p_month: '2026-09-01' })).error?.message).toBe(
      'Há 1 solicitação de ajuste pendente neste mês; decida-a antes de fechar',
    );
    unwrap(await admin.rpc('decide_punch_adjustment_request', { p_id: requestId, p_aprovar: false, p_motivo: 'Atestado não apresentado' }));
    const closed = unwrap(await admin.rpc('close_timesheet_month', { p_unit_id: unit2, p_month: '2026-09-01' })) as { employees: number };
    expect(closed.employees).toBeGreaterThanOrEqual(1);
  });

  it("the employee acknowledges the espelho: the stored hash is the SHA-256 of the text shown; a later change shows as another version", async () => {
    const espelho = unwrap(await employee.client.rpc('get_espelho', { p_user_id: employee.id, p_month: '2026-09-01' })) as { text: string; sha256: string };
    expect(espelho.sha256).toBe(sha256(espelho.text));
    expect(espelho.text).toContain('2026-09-25|work|480|480|0|0|0||2026-09-25T08:00:00O 2026-09-25T08:02:00D');
    expect((await employee.client.rpc('acknowledge_espelho', { p_month: '2026-09-01', p_concorda: false, p_sha256: espelho.sha256 })).error?.message).toBe(
      'Explique por que discorda do espelho',
    );
    expect((await employee.client.rpc('acknowledge_espelho', { p_month: '2026-09-01', p_concorda: true, p_sha256: '0'.repeat(64) })).error?.message).toBe(
      'O espelho mudou desde que foi aberto; abra-o de novo antes de registrar a ciência',
    );
    const before = Date.now();
    const ack = unwrap(await employee.client.rpc('acknowledge_espelho', { p_month: '2026-09-01', p_concorda: true, p_sha256: espelho.sha256 })) as {
      espelho_sha256: string; created_at: string; concorda: boolean;
    };
    expect(ack).toMatchObject({ espelho_sha256: espelho.sha256, concorda: true });
    expect(Math.abs(Date.parse(ack.created_at) - before)).toBeLessThan(5_000);
    expect((await employee.client.rpc('acknowledge_espelho', { p_month: '2026-09-01', p_concorda: true, p_sha256: espelho.sha256 })).error?.message).toBe(
      'Você já registrou sua ciência deste espelho',
    );
    // ADMIN adjusts the closed month: marked after closing; the acknowledgement no longer matches the current espelho.
    const admin = await as('admin');
    const late = unwrap(await admin.rpc('add_punch_adjustment', {
      p_user_id: employee.id, p_work_date: '2026-09-15', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Folga acordada, lançada após o fechamento',
    })) as { after_closing: boolean };
    expect(late.after_closing).toBe(true);
    const closing = unwrap(await manager.client.rpc('get_month_closing', { p_unit_id: unit1, p_month: '2026-09-01' })) as {
      employees: { user_id: string; acknowledgement: { concorda: boolean; matches_current: boolean } | null; closing: { changed_since: boolean } | null }[];
    };
    expect(closing.employees.find((e) => e.user_id === employee.id)?.acknowledgement).toMatchObject({ concorda: true, matches_current: false });
    expect(closing.employees.find((e) => e.user_id === employee.id)?.closing).toMatchObject({ changed_since: true });
    expect(closing.employees.find((e) => e.user_id === night.id)?.acknowledgement).toBeNull();
  });
});

describe('bad input (issue "Bad input and failure")', () => {
  it('each refused with its Portuguese message, nothing half-saved', async () => {
    const admin = await as('admin');
    const late = addDays(today, -10);
    const tomorrow = addDays(today, 1);
    const count = await adjustmentCount();
    const cases: [string, PromiseLike<{ error: { message: string } | null }>, string][] = [
      ['no motive', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-10-05', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: '   ' }), 'Informe o motivo do ajuste'],
      ['closed month without ADMIN', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-09-29', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Folga' }), 'Este mês já foi fechado; apenas um administrador pode ajustá-lo'],
      ['duplicating a mark', admin.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-09-22', p_kind: 'inclusao', p_motivo: 'Repetida', p_punched_at: '2026-09-22T12:00:30-03:00' }), 'Já existe uma marcação às 12:00 deste dia'],
      ['a future day', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: tomorrow, p_kind: 'abono', p_abono_tipo: 'ferias', p_motivo: 'Férias' }), 'Não é possível ajustar um dia futuro'],
      ['a request after its deadline', employee.client.rpc('request_punch_adjustment', { p_work_date: late, p_kind: 'abono', p_abono_tipo: 'atestado', p_motivo: 'Atestado' }), `O prazo para solicitar ajuste deste dia terminou em ${brDate(addDays(late, 5))}`],
      ['a request for a future day', employee.client.rpc('request_punch_adjustment', { p_work_date: tomorrow, p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'Folga' }), 'Não é possível ajustar um dia futuro'],
      ['a request without a motive', employee.client.rpc('request_punch_adjustment', { p_work_date: today, p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: '' }), 'Informe o motivo da solicitação'],
      ['an included mark without its time', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-10-05', p_kind: 'inclusao', p_motivo: 'Sem hora' }), 'Informe o horário da marcação'],
      ['a mark of another day', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-10-05', p_kind: 'inclusao', p_motivo: 'Outro dia', p_punched_at: '2026-10-08T08:00:00-03:00' }), 'O horário deve ser do dia trabalhado ou da madrugada seguinte'],
      ['an abono twice', admin.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-09-28', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'De novo' }), 'Este dia já está abonado'],
      ['a revocation by the API', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-10-05', p_kind: 'revogacao', p_motivo: 'x' }), 'Use a revogação para desfazer um ajuste'],
      ['zero minutes', manager.client.rpc('add_punch_adjustment', { p_user_id: employee.id, p_work_date: '2026-10-05', p_kind: 'compensacao', p_minutes: 0, p_motivo: 'x' }), 'Informe os minutos (diferentes de zero, até 10.000)'],
      ['an attachment in another folder', employee.client.rpc('request_punch_adjustment', { p_work_date: today, p_kind: 'abono', p_abono_tipo: 'atestado', p_motivo: 'Atestado', p_anexo_path: `${other.id}/x.jpg` }), 'Anexo inválido: envie o arquivo para a pasta do funcionário'],
      ['settings by a manager', manager.client.rpc('set_time_clock_settings', { p_prazo_dias: 10 }), 'Apenas administradores podem alterar as configurações do ponto'],
      ['a deadline of 0 days', admin.rpc('set_time_clock_settings', { p_prazo_dias: 0 }), 'O prazo deve ter entre 1 e 60 dias'],
      ['an espelho not closed', employee.client.rpc('get_espelho', { p_user_id: employee.id, p_month: '2026-10-01' }), 'O espelho deste mês ainda não foi fechado'],
    ];
    for (const [label, call, message] of cases) {
      expect({ label, message: (await call).error?.message }).toEqual({ label, message });
    }
    expect(await adjustmentCount()).toBe(count);
  });
});
