/**
 * Schedules with history (issue 25, item 1), through supabase-js: templates, dated assignments,
 * holidays (national fixed and Easter-based, a unit's, the chain's), the expected day every screen
 * uses, the check's warnings before an assignment, the refusals and who reads whose schedule.
 * Every figure below is computed by hand in the comments. This file works in units of its own.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `escalas-${randomUUID().slice(0, 8)}`;
const createdUsers: string[] = [];

interface ExpectedDay {
  day: string;
  expected_minutes: number;
  scheduled_minutes: number;
  break_minutes: number;
  start_time: string | null;
  end_time: string | null;
  day_kind: 'work' | 'rest' | 'holiday' | 'excused';
  holiday_name: string | null;
  template_id: string | null;
  template_name: string | null;
}

interface Warning {
  rule: string;
  title: string;
  message: string;
  day: string;
}

interface TemplateDay {
  position: number;
  works: boolean;
  start_time?: string | null;
  end_time?: string | null;
  break_minutes?: number;
}

let unitId = '';
let otherUnitId = '';
let pharmacyUnitId = '';
let admin: SupabaseClient;

async function employee(label: string, permissions: string[], unit: string, role?: string): Promise<{ client: SupabaseClient; id: string }> {
  const service = serviceClient(backend);
  const email = `${tag}-${label}@farmacia.test`;
  const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: `Funcionário ${label}` } });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  createdUsers.push(id);
  const db = await sql(backend);
  try {
    await db.query(`insert into public.user_permissions (user_id, permission_id) select $1, id from public.permissions where name = any ($2)`, [id, permissions]);
    await db.query('update public.profiles set unit_id = $2 where id = $1', [id, unit]);
    if (role) await db.query(`insert into public.user_roles (user_id, role_id) select $1, id from public.custom_roles where name = $2`, [id, role]);
  } finally {
    await db.end();
  }
  const client = anonClient(backend);
  const signedIn = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { client, id };
}

/** Monday to Friday with the given times (or per weekday overrides), weekends off. */
function week(start: string, end: string, breakMinutes: number, overrides: Record<number, TemplateDay> = {}, workdays = 5): TemplateDay[] {
  return Array.from({ length: 7 }, (_, position) =>
    overrides[position] ?? (position < workdays ? { position, works: true, start_time: start, end_time: end, break_minutes: breakMinutes } : { position, works: false }),
  );
}

async function template(name: string, kind: 'weekly' | 'rotation', days: TemplateDay[]): Promise<string> {
  return unwrap(await admin.rpc('save_work_schedule_template', { p_id: null, p_name: `${tag} ${name}`, p_kind: kind, p_cycle_days: days.length, p_days: days })) as string;
}

async function assign(client: SupabaseClient, userId: string, templateId: string, from: string, extra: Record<string, unknown> = {}): Promise<string> {
  return unwrap(await client.rpc('assign_work_schedule', { p_user_id: userId, p_template_id: templateId, p_valid_from: from, ...extra })) as string;
}

async function expectedDay(client: SupabaseClient, userId: string, day: string): Promise<ExpectedDay> {
  const rows = unwrap(await client.rpc('expected_day', { p_user_id: userId, p_day: day })) as ExpectedDay[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function warnings(client: SupabaseClient, userId: string, templateId: string, from: string): Promise<Warning[]> {
  return (unwrap(await client.rpc('check_work_schedule_assignment', { p_user_id: userId, p_template_id: templateId, p_valid_from: from })) as { warnings: Warning[] }).warnings;
}

const days = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

beforeAll(async () => {
  admin = await as('admin');
  unitId = unwrap(await admin.from('store_units').insert({ name: `Loja ${tag}` }).select('id').single()).id;
  otherUnitId = unwrap(await admin.from('store_units').insert({ name: `Outra loja ${tag}` }).select('id').single()).id;
  pharmacyUnitId = unwrap(await admin.from('store_units').insert({ name: `Farma ${tag}` }).select('id').single()).id;
});

afterAll(async () => {
  const service = serviceClient(backend);
  for (const id of createdUsers) await service.auth.admin.deleteUser(id);
});

describe('the expected day', () => {
  it('without an assignment: 480 minutes Monday to Friday, 08:00 to 17:00 with a 60-minute break; weekends off', async () => {
    const { client, id } = await employee('padrao', [], unitId);
    // 2026-11-16 is a Monday, 2026-11-21 a Saturday.
    expect(await expectedDay(client, id, '2026-11-16')).toEqual({
      day: '2026-11-16',
      expected_minutes: 480,
      scheduled_minutes: 480,
      break_minutes: 60,
      start_time: '08:00:00',
      end_time: '17:00:00',
      day_kind: 'work',
      holiday_name: null,
      template_id: null,
      template_name: null,
    });
    expect(await expectedDay(client, id, '2026-11-21')).toMatchObject({ expected_minutes: 0, scheduled_minutes: 0, day_kind: 'rest', start_time: null });
  });

  it('national holidays: fixed (20 de novembro) and Easter-based (Sexta-feira Santa) are days off, their schedule still shown', async () => {
    const { client, id } = await employee('nacional', [], unitId);
    // Friday 2026-11-20: Consciência Negra (national since 2024), a workday of the default schedule.
    expect(await expectedDay(client, id, '2026-11-20')).toMatchObject({
      expected_minutes: 0,
      scheduled_minutes: 480,
      day_kind: 'holiday',
      holiday_name: 'Dia Nacional de Zumbi e da Consciência Negra',
    });
    // Easter 2026 is 5 April, so Good Friday is 3 April; Easter 2027 is 28 March, Good Friday 26 March.
    expect(await expectedDay(client, id, '2026-04-03')).toMatchObject({ expected_minutes: 0, day_kind: 'holiday', holiday_name: 'Sexta-feira Santa' });
    expect(await expectedDay(client, id, '2027-03-26')).toMatchObject({ expected_minutes: 0, day_kind: 'holiday', holiday_name: 'Sexta-feira Santa' });
    // Thursday 2027-03-25 is an ordinary day.
    expect(await expectedDay(client, id, '2027-03-25')).toMatchObject({ expected_minutes: 480, day_kind: 'work' });
    const national = unwrap(await client.rpc('list_national_holidays', { p_year: 2027 })) as { day: string; name: string }[];
    expect(national.map((h) => h.day)).toEqual(['2027-01-01', '2027-03-26', '2027-04-21', '2027-05-01', '2027-09-07', '2027-10-12', '2027-11-02', '2027-11-15', '2027-11-20', '2027-12-25']);
  });

  it('a 12x36 fortnight: 12 hours on, 36 off, from the cycle start; a holiday on a rest day changes nothing', async () => {
    const { id } = await employee('12x36', [], unitId);
    const rotation = await template('12x36', 'rotation', [
      { position: 0, works: true, start_time: '07:00', end_time: '19:00', break_minutes: 60 },
      { position: 1, works: false },
    ]);
    await assign(admin, id, rotation, '2026-10-01');
    const fortnight = await Promise.all(days('2026-10-01', 14).map((day) => expectedDay(admin, id, day)));
    // Worked: 1, 3, 5, 7, 9, 11 and 13 October, 660 minutes each (12 h minus 1 h of break) = 4,620.
    expect(fortnight.filter((d) => d.day_kind === 'work').map((d) => d.day.slice(8))).toEqual(['01', '03', '05', '07', '09', '11', '13']);
    expect(fortnight.reduce((sum, d) => sum + d.expected_minutes, 0)).toBe(4620);
    expect(fortnight[0]).toMatchObject({ expected_minutes: 660, break_minutes: 60, start_time: '07:00:00', end_time: '19:00:00', template_id: rotation, template_name: `${tag} 12x36` });
    // 12 October (Nossa Senhora Aparecida) falls on a rest day of the cycle.
    expect(fortnight[11]).toMatchObject({ day: '2026-10-12', day_kind: 'holiday', scheduled_minutes: 0, expected_minutes: 0 });

    // The night 12x36 (19:00 to 07:00) stays on its start day.
    const { id: night } = await employee('noturno', [], unitId);
    const nightly = await template('12x36 noturno', 'rotation', [
      { position: 0, works: true, start_time: '19:00', end_time: '07:00', break_minutes: 60 },
      { position: 1, works: false },
    ]);
    await assign(admin, night, nightly, '2026-10-01', { p_cycle_start: '2026-09-30' });
    // Cycle day 0 on 30 September: 2 October works, 1 October rests.
    expect(await expectedDay(admin, night, '2026-10-01')).toMatchObject({ day_kind: 'rest', expected_minutes: 0 });
    expect(await expectedDay(admin, night, '2026-10-02')).toMatchObject({ day_kind: 'work', expected_minutes: 660, start_time: '19:00:00', end_time: '07:00:00' });
  });

  it('a schedule changed in mid-month: each day keeps the schedule then in force, and the month follows', async () => {
    const { client, id } = await employee('troca', [], unitId);
    const office = await template('comercial', 'weekly', week('08:00', '17:00', 60));
    // Monday to Saturday, 08:00 to 14:20 with 20 minutes of break: 360 minutes.
    const sixDays = await template('seis dias', 'weekly', week('08:00', '14:20', 20, {}, 6));
    await assign(admin, id, office, '2026-09-01');
    await assign(admin, id, sixDays, '2026-10-15');
    const history = unwrap(await client.from('work_schedules').select('template_id, valid_from, valid_to').eq('user_id', id).order('valid_from'));
    expect(history).toEqual([
      { template_id: office, valid_from: '2026-09-01', valid_to: '2026-10-14' },
      { template_id: sixDays, valid_from: '2026-10-15', valid_to: null },
    ]);
    expect(await expectedDay(client, id, '2026-10-14')).toMatchObject({ expected_minutes: 480, template_id: office });
    expect(await expectedDay(client, id, '2026-10-15')).toMatchObject({ expected_minutes: 360, template_id: sixDays });
    expect(await expectedDay(client, id, '2026-10-17')).toMatchObject({ expected_minutes: 360, day_kind: 'work' });
    // October 2026: 1–14 on the office week, 10 weekdays less 12 October = 9 × 480 = 4,320;
    // 15–31 Monday to Saturday, 15 days × 360 = 5,400. The month: 9,720.
    const month = unwrap(await client.rpc('get_my_monthly_timesheet', { p_month: '2026-10-01' })) as { date: string; horas_esperadas_minutos: number }[];
    expect(month).toHaveLength(31);
    expect(month.reduce((sum, d) => sum + d.horas_esperadas_minutos, 0)).toBe(9720);
    expect(month.find((d) => d.date === '2026-10-12')?.horas_esperadas_minutos).toBe(0);
  });

  it("a unit's municipal holiday counts for its employees only; a chain-wide state one for everyone (ADMIN's alone)", async () => {
    const { client: manager } = await employee('gerente-feriado', ['PUNCH_MANAGE'], unitId);
    const { client: foreignManager } = await employee('gerente-outra-feriado', ['PUNCH_MANAGE'], otherUnitId);
    const { id: here } = await employee('local', [], unitId);
    const { id: there } = await employee('fora', [], otherUnitId);
    const saved = await manager.rpc('save_holiday', { p_day: '2026-10-20', p_name: 'Aniversário da cidade', p_scope: 'municipal', p_unit_id: unitId });
    expect(saved.error).toBeNull();
    // Tuesday 20 October: a holiday at this unit, a workday at the other.
    expect(await expectedDay(admin, here, '2026-10-20')).toMatchObject({ day_kind: 'holiday', holiday_name: 'Aniversário da cidade', expected_minutes: 0 });
    expect(await expectedDay(admin, there, '2026-10-20')).toMatchObject({ day_kind: 'work', holiday_name: null, expected_minutes: 480 });

    const again = await manager.rpc('save_holiday', { p_day: '2026-10-20', p_name: 'Outro', p_scope: 'municipal', p_unit_id: unitId });
    expect(again.error?.message).toBe('Já existe um feriado em 20/10/2026 para esta unidade');
    const national = await manager.rpc('save_holiday', { p_day: '2026-12-25', p_name: 'Natal da loja', p_scope: 'municipal', p_unit_id: unitId });
    expect(national.error?.message).toBe('25/12/2026 já é feriado nacional (Natal)');
    const foreign = await foreignManager.rpc('save_holiday', { p_day: '2026-10-21', p_name: 'Forjado', p_scope: 'municipal', p_unit_id: unitId });
    expect(foreign.error).toMatchObject({ code: '42501', message: 'Sem permissão para cadastrar feriados nesta unidade' });
    const chainByManager = await manager.rpc('save_holiday', { p_day: '2031-07-09', p_name: 'Revolução Constitucionalista', p_scope: 'estadual', p_unit_id: null });
    expect(chainByManager.error).toMatchObject({ code: '42501', message: 'Apenas administradores cadastram feriados de todas as unidades' });

    // Wednesday 9 July 2031, far from every other test's days.
    const chain = unwrap(await admin.rpc('save_holiday', { p_day: '2031-07-09', p_name: 'Revolução Constitucionalista', p_scope: 'estadual', p_unit_id: null })) as string;
    try {
      expect(await expectedDay(admin, there, '2031-07-09')).toMatchObject({ day_kind: 'holiday', holiday_name: 'Revolução Constitucionalista' });
      expect(await expectedDay(admin, here, '2031-07-09')).toMatchObject({ day_kind: 'holiday', holiday_name: 'Revolução Constitucionalista' });
      const removeByManager = await manager.rpc('delete_holiday', { p_id: chain });
      expect(removeByManager.error?.code).toBe('42501');
    } finally {
      expect((await admin.rpc('delete_holiday', { p_id: chain })).error).toBeNull();
    }
    expect(await expectedDay(admin, there, '2031-07-09')).toMatchObject({ day_kind: 'work' });
  });
});

describe('the check before an assignment: warnings, each naming its rule', () => {
  // 2027-01-04 is a Monday; the four weeks checked run to Sunday 2027-01-31.
  const FROM = '2027-01-04';

  it('10 h 59 min between two workdays warns; 11 h 00 does not', async () => {
    const { id } = await employee('descanso', [], unitId);
    // Monday 12:00 to 22:00, Tuesday from 08:59: 10 h 59 min of rest.
    const short = await template('descanso curto', 'weekly', week('08:00', '17:00', 60, { 0: { position: 0, works: true, start_time: '12:00', end_time: '22:00', break_minutes: 60 }, 1: { position: 1, works: true, start_time: '08:59', end_time: '17:59', break_minutes: 60 } }));
    expect(await warnings(admin, id, short, FROM)).toEqual([
      {
        rule: 'descanso_entre_jornadas',
        title: 'Descanso entre jornadas (CLT art. 66)',
        message: 'Só 10h59 de descanso antes da jornada de 05/01/2027: o mínimo entre duas jornadas é 11h00',
        day: '2027-01-05',
      },
    ]);
    const enough = await template('descanso certo', 'weekly', week('08:00', '17:00', 60, { 0: { position: 0, works: true, start_time: '12:00', end_time: '22:00', break_minutes: 60 }, 1: { position: 1, works: true, start_time: '09:00', end_time: '18:00', break_minutes: 60 } }));
    expect(await warnings(admin, id, enough, FROM)).toEqual([]);
  });

  it('the last day of the schedule in force counts: a night ending at 07:00 before a 17:59 start', async () => {
    const { id } = await employee('virada', [], unitId);
    const nights = await template('noites', 'weekly', week('19:00', '07:00', 60, {}, 7));
    await assign(admin, id, nights, '2026-12-01');
    // Sunday 3 January 19:00 to Monday 07:00, then the new schedule starts Monday at 17:59: 10 h 59 min.
    const evenings = await template('tardes', 'weekly', week('17:59', '23:00', 0));
    expect((await warnings(admin, id, evenings, FROM)).map((w) => [w.rule, w.day])).toEqual([['descanso_entre_jornadas', '2027-01-04']]);
  });

  it('a 59-minute break on an eight-hour day warns once for the whole cycle; 60 minutes does not', async () => {
    const { id } = await employee('intervalo', [], unitId);
    const short = await template('intervalo 59', 'weekly', week('08:00', '17:00', 59));
    expect(await warnings(admin, id, short, FROM)).toEqual([
      {
        rule: 'intervalo',
        title: 'Intervalo para refeição (CLT art. 71)',
        message: 'Intervalo de 0h59 na jornada de 8h01 em 04/01/2027: em jornadas de mais de 6 horas o intervalo deve ficar entre 1 e 2 horas',
        day: '2027-01-04',
      },
    ]);
    expect(await warnings(admin, id, await template('intervalo 60', 'weekly', week('08:00', '17:00', 60)), FROM)).toEqual([]);
  });

  it('more than 2 hours over the 8-hour day warns; exactly 10 hours does not', async () => {
    const { id } = await employee('extra', [], unitId);
    const long = await template('dez e meia', 'weekly', week('08:00', '19:30', 60));
    expect(await warnings(admin, id, long, FROM)).toEqual([
      {
        rule: 'hora_extra',
        title: 'Horas extras planejadas (CLT art. 59)',
        message: 'Jornada de 10h30 em 04/01/2027: mais de 2 horas além das 8 horas contratuais',
        day: '2027-01-04',
      },
    ]);
    expect(await warnings(admin, id, await template('dez horas', 'weekly', week('08:00', '19:00', 60)), FROM)).toEqual([]);
  });

  it('three Sundays in a row worked warns on the third; a 6x1 resting on Sundays does not', async () => {
    const { id } = await employee('domingo', [], unitId);
    // Every day 08:00 to 14:20 with 20 minutes of break (6 h of work: no break rule).
    const everyDay = await template('todo dia', 'weekly', week('08:00', '14:20', 20, {}, 7));
    // Sundays 10, 17 and 24 January 2027 worked.
    expect(await warnings(admin, id, everyDay, FROM)).toEqual([
      {
        rule: 'descanso_semanal',
        title: 'Repouso semanal no domingo (Lei 10.101/2000, art. 6º)',
        message: 'Três domingos seguidos de trabalho, até 24/01/2027: no comércio o repouso semanal deve cair em um domingo ao menos uma vez a cada 3 semanas',
        day: '2027-01-24',
      },
    ]);
    // A 6x1 cycle starting on a Monday rests on day 7, a Sunday.
    const sixOne = await template('6x1', 'rotation', week('08:00', '14:20', 20, {}, 6));
    expect(await warnings(admin, id, sixOne, FROM)).toEqual([]);
  });

  it("opening hours left without a pharmacist, counting the unit's other pharmacists", async () => {
    const { id: pharmacist } = await employee('farmaceutico', [], pharmacyUnitId, 'FARMACEUTICO');
    const { id: clerk } = await employee('balconista-farma', [], pharmacyUnitId);
    const office = await template('farma comercial', 'weekly', week('08:00', '17:00', 60));
    await assign(admin, pharmacist, office, '2026-12-01');
    // Open Monday to Friday 08:00 to 20:00 and Saturday 08:00 to 12:00; closed on Sundays.
    const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })).concat([{ weekday: 6, opens: '08:00', closes: '12:00' }]);
    expect((await admin.rpc('set_unit_opening_hours', { p_unit_id: pharmacyUnitId, p_hours: hours })).error).toBeNull();
    // The pharmacist leaves at 17:00 on 20 weekdays and never works on the 4 Saturdays.
    expect(await warnings(admin, clerk, office, FROM)).toEqual([
      {
        rule: 'farmaceutico',
        title: 'Farmacêutico durante o funcionamento (Lei 13.021/2014, art. 6º)',
        message: `Farma ${tag} sem farmacêutico escalado das 08:00 às 12:00 em 4 dias a partir de 09/01/2027`,
        day: '2027-01-09',
      },
      {
        rule: 'farmaceutico',
        title: 'Farmacêutico durante o funcionamento (Lei 13.021/2014, art. 6º)',
        message: `Farma ${tag} sem farmacêutico escalado das 17:00 às 20:00 em 20 dias a partir de 04/01/2027`,
        day: '2027-01-04',
      },
    ].sort((a, b) => a.day.localeCompare(b.day)));
    // The pharmacist's own new schedule replaces the old one from its first day: 08:00 to 20:00 on weekdays and
    // Saturday mornings cover every opening hour (the long weekdays warn of overtime, nothing else).
    const covering = await template('farma cobre', 'weekly', week('08:00', '20:00', 60, { 5: { position: 5, works: true, start_time: '08:00', end_time: '12:00', break_minutes: 0 } }));
    expect((await warnings(admin, pharmacist, covering, FROM)).map((w) => w.rule)).toEqual(['hora_extra']);
  });
});

describe('refusals, in Portuguese, nothing half-saved', () => {
  it('an end before the start, overlapping assignments, a break longer than the day', async () => {
    const { id } = await employee('recusas', [], unitId);
    const office = await template('recusas comercial', 'weekly', week('08:00', '17:00', 60));
    const first = await assign(admin, id, office, '2026-09-01');
    const second = await assign(admin, id, office, '2026-10-15');

    const ended = await admin.rpc('end_work_schedule', { p_id: second, p_valid_to: '2026-10-14' });
    expect(ended.error?.message).toBe('A data final da escala (14/10/2026) não pode ser anterior à data inicial (15/10/2026)');
    const before = await admin.rpc('assign_work_schedule', { p_user_id: id, p_template_id: office, p_valid_from: '2026-10-01' });
    expect(before.error?.message).toBe('O funcionário já tem uma escala a partir de 15/10/2026: exclua-a antes de atribuir outra');
    const reopened = await admin.rpc('end_work_schedule', { p_id: first, p_valid_to: null });
    expect(reopened.error?.message).toBe('O período se sobrepõe a outra escala do funcionário (em vigor desde 15/10/2026)');
    const started = await admin.rpc('delete_work_schedule', { p_id: second });
    expect(started.error?.message).toBe('Só é possível excluir uma escala que ainda não começou: encerre-a em uma data');
    expect(unwrap(await admin.from('work_schedules').select('id, valid_from, valid_to').eq('user_id', id).order('valid_from'))).toEqual([
      { id: first, valid_from: '2026-09-01', valid_to: '2026-10-14' },
      { id: second, valid_from: '2026-10-15', valid_to: null },
    ]);

    const tooLong = await admin.rpc('save_work_schedule_template', {
      p_id: null,
      p_name: `${tag} longo`,
      p_kind: 'rotation',
      p_cycle_days: 2,
      p_days: [{ position: 0, works: true, start_time: '07:00', end_time: '19:00', break_minutes: 720 }, { position: 1, works: false }],
    });
    expect(tooLong.error?.message).toBe('O intervalo do dia 1 (720 min) não pode ser maior que a jornada (720 min)');
    expect(unwrap(await admin.from('work_schedule_templates').select('id').eq('name', `${tag} longo`))).toEqual([]);
  });

  it('a future assignment is deleted and the one it ended is open again; a template in use keeps its times', async () => {
    const { id } = await employee('futura', [], unitId);
    const office = await template('futura comercial', 'weekly', week('08:00', '17:00', 60));
    const first = await assign(admin, id, office, '2026-09-01');
    const future = await assign(admin, id, office, '2028-01-03');
    expect(unwrap(await admin.from('work_schedules').select('valid_to').eq('id', first).single()).valid_to).toBe('2028-01-02');
    expect((await admin.rpc('delete_work_schedule', { p_id: future })).error).toBeNull();
    expect(unwrap(await admin.from('work_schedules').select('id, valid_to').eq('user_id', id))).toEqual([{ id: first, valid_to: null }]);

    const changed = await admin.rpc('save_work_schedule_template', { p_id: office, p_name: `${tag} futura comercial`, p_kind: 'weekly', p_cycle_days: 7, p_days: week('09:00', '18:00', 60) });
    expect(changed.error?.message).toBe('Este modelo já está em uso em escalas iniciadas: os horários de meses passados não mudam. Crie um novo modelo com os novos horários');
    const renamed = await admin.rpc('save_work_schedule_template', { p_id: office, p_name: `${tag} comercial renomeado`, p_kind: 'weekly', p_cycle_days: 7, p_days: week('08:00', '17:00', 60) });
    expect(renamed.error).toBeNull();
    expect(await expectedDay(admin, id, '2026-11-16')).toMatchObject({ template_name: `${tag} comercial renomeado`, expected_minutes: 480 });
  });

  it('a stranger, a viewer, another unit\'s manager and anon cannot assign; the manager of the unit can', async () => {
    const { id } = await employee('alvo', [], unitId);
    const { client: manager } = await employee('gerente', ['PUNCH_MANAGE'], unitId);
    const { client: viewer } = await employee('leitor', ['PUNCH_VIEW_ALL'], unitId);
    const { client: foreignManager } = await employee('gerente-outra', ['PUNCH_MANAGE'], otherUnitId);
    const { client: colleague } = await employee('colega', [], unitId);
    const office = await template('alvo comercial', 'weekly', week('08:00', '17:00', 60));
    for (const client of [viewer, foreignManager, colleague]) {
      const refused = await client.rpc('assign_work_schedule', { p_user_id: id, p_template_id: office, p_valid_from: '2026-09-01' });
      expect(refused.error).toMatchObject({ code: '42501', message: 'Sem permissão para definir a escala deste funcionário' });
      const check = await client.rpc('check_work_schedule_assignment', { p_user_id: id, p_template_id: office, p_valid_from: '2026-09-01' });
      expect(check.error?.code).toBe('42501');
    }
    const anon = await anonClient(backend).rpc('assign_work_schedule', { p_user_id: id, p_template_id: office, p_valid_from: '2026-09-01' });
    expect(anon.error).not.toBeNull();
    expect(unwrap(await admin.from('work_schedules').select('id').eq('user_id', id))).toEqual([]);
    // A unit the employee does not work in is refused even to its manager.
    const elsewhere = await manager.rpc('assign_work_schedule', { p_user_id: id, p_template_id: office, p_valid_from: '2026-09-01', p_unit_id: otherUnitId });
    expect(elsewhere.error?.message).toBe('A unidade escolhida não é uma unidade do funcionário');
    await assign(manager, id, office, '2026-09-01');
    expect(unwrap(await admin.from('work_schedules').select('unit_id').eq('user_id', id))).toEqual([{ unit_id: unitId }]);
    const templateByViewer = await viewer.rpc('save_work_schedule_template', { p_id: null, p_name: `${tag} do leitor`, p_kind: 'weekly', p_cycle_days: 7, p_days: week('08:00', '17:00', 60) });
    expect(templateByViewer.error).toMatchObject({ code: '42501', message: 'Sem permissão para editar modelos de escala' });
  });
});

describe('who reads whose schedule (item 7)', () => {
  it('oneself, the viewers and managers of the unit, ADMIN; never a colleague or another unit', async () => {
    const { client: self, id } = await employee('lido', [], unitId);
    const { client: viewer } = await employee('leitor-escala', ['PUNCH_VIEW_ALL'], unitId);
    const { client: foreignViewer } = await employee('leitor-outra', ['PUNCH_VIEW_ALL'], otherUnitId);
    const { client: foreignManager } = await employee('gerente-outra-leitura', ['PUNCH_MANAGE'], otherUnitId);
    const { client: colleague } = await employee('colega-leitura', [], unitId);
    const office = await template('lido comercial', 'weekly', week('08:00', '17:00', 60));
    const assignment = await assign(admin, id, office, '2026-09-01');
    for (const reader of [self, viewer, admin]) {
      expect(unwrap(await reader.from('work_schedules').select('id').eq('user_id', id))).toEqual([{ id: assignment }]);
      expect(await expectedDay(reader, id, '2026-11-16')).toMatchObject({ expected_minutes: 480, template_id: office });
    }
    for (const stranger of [foreignViewer, foreignManager, colleague]) {
      expect(unwrap(await stranger.from('work_schedules').select('id').eq('user_id', id))).toEqual([]);
      const refused = await stranger.rpc('expected_day', { p_user_id: id, p_day: '2026-11-16' });
      expect(refused.error).toMatchObject({ code: '42501', message: 'Sem permissão para ver a jornada deste funcionário' });
    }
    const anon = await anonClient(backend).rpc('expected_day', { p_user_id: id, p_day: '2026-11-16' });
    expect(anon.error).not.toBeNull();
  });
});

describe('the demo seed', () => {
  it("Beatriz changed schedule on the 16th of last month; the pharmacist's evenings at Unidade Sul are reported uncovered", async () => {
    const db = await sql(backend);
    let beatriz = '';
    let fernando = '';
    let commercial = '';
    let lastMonth16 = '';
    let nextMonday = '';
    try {
      ({ beatriz, fernando, commercial, lastMonth16, nextMonday } = (
        await db.query(`
          select (select id from auth.users where email = 'balconista2@farmacia.local') as beatriz,
                 (select id from auth.users where email = 'farmaceutico@farmacia.local') as fernando,
                 (select id from public.work_schedule_templates where name = 'Comercial 44h') as commercial,
                 to_char((date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month')::date + 15, 'YYYY-MM-DD') as "lastMonth16",
                 to_char((now() at time zone 'America/Sao_Paulo')::date + 8 - extract(isodow from now() at time zone 'America/Sao_Paulo')::integer, 'YYYY-MM-DD') as "nextMonday"`)
      ).rows[0]);
    } finally {
      await db.end();
    }
    const dayBefore = new Date(Date.parse(`${lastMonth16}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await expectedDay(admin, beatriz, dayBefore)).template_name).toBe('6x1');
    expect((await expectedDay(admin, beatriz, lastMonth16)).template_name).toBe('5x2 com sábados alternados');
    const found = await warnings(admin, fernando, commercial, nextMonday);
    expect(found.filter((w) => w.rule === 'farmaceutico').map((w) => w.message.replace(/ em \d+ dias a partir de .*/, ''))).toEqual(
      expect.arrayContaining(['Unidade Sul sem farmacêutico escalado das 17:00 às 22:00', 'Unidade Sul sem farmacêutico escalado das 12:00 às 18:00']),
    );
  });
});
