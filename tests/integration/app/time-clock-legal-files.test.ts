/**
 * Ponto Digital, managers' side (issue 26, items 3, 4 and 6): the detailed marks report, the espelho de ponto print
 * and the legal files' data (AFD, AEJ), on hand-computed fixtures, with every refusal and its exact message.
 *
 * Units of this file's own: unit 1 (CNPJ and razão social registered here, as the service role), unit 2 (none), unit 3
 * (CNPJ, two employees without CPF) and unit 4 (one employee with more than 20,000 marks). People: Ana and Bruno
 * (unit 1, CPF), Carla (unit 2, CPF; she also punches once at unit 1), a PUNCH_VIEW_ALL reader and a PUNCH_MANAGE manager
 * of unit 1, and a PUNCH_VIEW_OWN employee. CPFs and CNPJs are random valid ones (both columns are unique).
 * Ana works the template 'Seg a sex 08:00–17:00, intervalo 60 min; Sáb 08:00–12:00' from 1 Sep 2026; Bruno has no
 * assignment (the default: 480 min Monday–Friday, 08:00–17:00 with a 60-min break). Marks of 14–17 Sep 2026.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAej } from '@/features/time-clock/reports/aej';
import { buildAfd, verifyAfd } from '@/features/time-clock/reports/afd';
import { aejDataSchema, afdDataSchema } from '@/features/time-clock/reports/legal-files';
import { espelhoPrintSchema, timeMarksReportSchema } from '@/features/time-clock/reports/schemas';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';
import { createTimeClockPerson, randomCnpj, randomCpf } from '../../utils/time-clock-people.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `legal-${randomUUID().slice(0, 8)}`;

interface Person {
  id: string;
  name: string;
  client: SupabaseClient;
  cpf: string | null;
}

/** Check digits of a CPF or CNPJ (modulo 11 with the given weights). */

let unit1 = '';
let unit2 = '';
let unit3 = '';
let unit4 = '';
const cnpj1 = randomCnpj();
const cnpj3 = randomCnpj();
let ana: Person;
let bruno: Person;
let carla: Person;
let reader: Person;
let manager: Person;
let ownOnly: Person;
let computerId = '';
const roleIds: string[] = [];
const nsrs = new Map<string, number>();

async function withDb<T>(work: (db: Awaited<ReturnType<typeof sql>>) => Promise<T>): Promise<T> {
  const db = await sql(backend);
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function person(name: string, unitId: string, permissions: string[], cpf: string | null): Promise<Person> {
  return { ...(await createTimeClockPerson({ backend, tag, label: name, unitId, permissions, roleIds, cpf })), cpf };
}

/** Marks as the clock records them at a unit (per-unit NSR), São Paulo local times of one day. */
async function punch(who: Person, unitId: string, day: string, times: string[]): Promise<void> {
  await withDb(async (db) => {
    for (const time of times) {
      const nsr = (nsrs.get(unitId) ?? 0) + 1;
      nsrs.set(unitId, nsr);
      await db.query(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, computer_id, ip_origem, user_agent, previous_hash, receipt_hash)
         values ($1, $2, $3, 'EXTRA', $4::timestamptz, $5::date, $6, '203.0.113.7', 'Mozilla/5.0 (teste)', $7, $8)`,
        [who.id, unitId, nsr, `${day}T${time}:00-03:00`, day, unitId === unit1 ? computerId : null, `hash-${nsr - 1}`, `hash-${nsr}`],
      );
    }
  });
}

async function pontoId(who: Person, at: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>('select id from public.pontos where funcionario_id = $1 and punched_at = $2::timestamptz', [who.id, at])).rows[0]!.id);
}

type Refusal = { code: string; message: string };
async function refusal(call: PromiseLike<{ error: Refusal | null; data: unknown }>): Promise<Refusal> {
  const { error, data } = await call;
  if (!error) throw new Error(`accepted: ${JSON.stringify(data).slice(0, 200)}`);
  return { code: error.code, message: error.message };
}

const SEPTEMBER = { p_from: '2026-09-01', p_to: '2026-09-30' };

beforeAll(async () => {
  const admin = await as('admin');
  unit1 = unwrap(await admin.from('store_units').insert({ name: `Loja 1 ${tag}` }).select('id').single()).id as string;
  unit2 = unwrap(await admin.from('store_units').insert({ name: `Loja 2 ${tag}` }).select('id').single()).id as string;
  unit3 = unwrap(await admin.from('store_units').insert({ name: `Loja 3 ${tag}` }).select('id').single()).id as string;
  unit4 = unwrap(await admin.from('store_units').insert({ name: `Loja 4 ${tag}` }).select('id').single()).id as string;
  await withDb(async (db) => {
    await db.query(`update public.store_units set cnpj = $2, legal_name = 'Farmácia São João Ltda', address = 'Rua das Flores, 10 - Centro' where id = $1`, [unit1, cnpj1]);
    await db.query(`update public.store_units set cnpj = $2, legal_name = 'Farmácia Três Ltda' where id = $1`, [unit3, cnpj3]);
    computerId = (
      await db.query<{ id: string }>(`insert into public.authorized_computers (name, unit_id, token_hash) values ($1, $2, $3) returning id`, [`Caixa 1 ${tag}`, unit1, `${tag}-token`])
    ).rows[0]!.id;
  });
  [ana, bruno, carla, reader, manager, ownOnly] = await Promise.all([
    person('Ana', unit1, [], randomCpf()),
    person('Bruno', unit1, [], randomCpf()),
    person('Carla', unit2, [], randomCpf()),
    person('Leitora', unit1, ['PUNCH_VIEW_ALL'], null),
    person('Gerente', unit1, ['PUNCH_MANAGE'], randomCpf()),
    person('Própria', unit1, ['PUNCH_VIEW_OWN'], randomCpf()),
  ]);

  // Ana's contractual schedule from 1 Sep 2026.
  await withDb(async (db) => {
    const template = (
      await db.query<{ id: string }>(`insert into public.work_schedule_templates (name, kind, cycle_days) values ($1, 'weekly', 7) returning id`, [`Comercial ${tag}`])
    ).rows[0]!.id;
    for (let position = 0; position < 7; position += 1) {
      const works = position < 6;
      await db.query(
        'insert into public.work_schedule_template_days (template_id, position, works, start_time, end_time, break_minutes) values ($1, $2, $3, $4, $5, $6)',
        [template, position, works, works ? '08:00' : null, works ? (position === 5 ? '12:00' : '17:00') : null, position < 5 ? 60 : 0],
      );
    }
    await db.query(`insert into public.work_schedules (user_id, template_id, valid_from, cycle_start, unit_id) values ($1, $2, '2026-09-01', '2026-09-01', $3)`, [
      ana.id,
      template,
      unit1,
    ]);
  });

  // Unit 1 in NSR order: Ana 1–12, Bruno 13–14, Carla (visiting) 15, Ana in October 16.
  await punch(ana, unit1, '2026-09-14', ['08:00', '12:00', '13:00', '17:00']);
  await punch(ana, unit1, '2026-09-15', ['08:00', '12:00', '12:05', '13:00', '17:00']);
  await punch(ana, unit1, '2026-09-16', ['08:00', '12:00', '17:00']);
  await punch(bruno, unit1, '2026-09-14', ['09:00', '18:00']);
  await punch(carla, unit1, '2026-09-17', ['08:00']);
  await punch(ana, unit1, '2026-10-01', ['08:00']);
  await punch(carla, unit2, '2026-09-14', ['08:00', '17:00']);

  // The treatment, by unit 1's manager: a duplicate disregarded, a forgotten return included, an hour compensated.
  const duplicate = await pontoId(ana, '2026-09-15T12:05:00-03:00');
  unwrap(await manager.client.rpc('add_punch_adjustment', { p_user_id: ana.id, p_work_date: '2026-09-15', p_kind: 'desconsiderar', p_ponto_id: duplicate, p_motivo: 'Marcação em duplicidade' }));
  unwrap(await manager.client.rpc('add_punch_adjustment', { p_user_id: ana.id, p_work_date: '2026-09-16', p_kind: 'inclusao', p_punched_at: '2026-09-16T13:00:00-03:00', p_motivo: 'Esqueceu de marcar a volta do almoço' }));
  unwrap(await manager.client.rpc('add_punch_adjustment', { p_user_id: ana.id, p_work_date: '2026-09-16', p_kind: 'compensacao', p_minutes: 60, p_motivo: 'Compensação combinada' }));
});

afterAll(async () => {
  await withDb(async (db) => {
    // Punches, adjustments and records are evidence and stay; only the test roles go.
    await db.query('delete from public.user_roles where role_id = any($1::uuid[])', [roleIds]);
    await db.query('delete from public.custom_roles where id = any($1::uuid[])', [roleIds]);
  });
});

describe('AFD (get_afd_data + buildAfd)', () => {
  it('lists exactly the unit\'s punches of the period in NSR order, visitors included, and its hash chain verifies', async () => {
    const data = afdDataSchema.parse(unwrap(await manager.client.rpc('get_afd_data', { p_unit_id: unit1, ...SEPTEMBER })));
    expect(data.unit).toEqual({ unit_id: unit1, unit_name: `Loja 1 ${tag}`, legal_name: 'Farmácia São João Ltda', cnpj: cnpj1, address: 'Rua das Flores, 10 - Centro' });
    expect(data.punches.map((p) => p.nsr)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(data.punches.map((p) => p.cpf)).toEqual([...Array(12).fill(ana.cpf), bruno.cpf, bruno.cpf, carla.cpf]);
    expect(data.employees.map((e) => [e.full_name, e.cpf])).toEqual([
      [ana.name, ana.cpf],
      [bruno.name, bruno.cpf],
      [carla.name, carla.cpf],
    ]);
    expect(data.responsible_cpf).toBe(manager.cpf);

    const file = await buildAfd(data);
    const check = await verifyAfd(file.text);
    expect(check.problems).toEqual([]);
    expect(check.nsrs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(check.counts).toMatchObject({ '1': 1, '2': 1, '5': 3, '7': 15, '9': 1, A: 1 });
    const lines = file.text.split('\r\n');
    expect(lines[0]!.slice(0, 25)).toBe(`000000000` + '1' + '1' + cnpj1);
    // The disregarded 12:05 is still there: the AFD is the raw record, never the treatment.
    expect(lines[5]!.slice(0, 73)).toBe('000000001' + '7' + '2026-09-14T08:00:00-0300' + `0${ana.cpf}` + '2026-09-14T08:00:00-0300' + '02' + '0');
    expect(lines.filter((line) => line.includes('2026-09-15T12:05:00-0300'))).toHaveLength(1);
    expect(lines[19]!.slice(0, 46)).toBe('000000015' + '7' + '2026-09-17T08:00:00-0300' + `0${carla.cpf}`);
  });

  it('is refused, whole and in Portuguese: no CNPJ, employees without CPF named, bad periods', async () => {
    const admin = await as('admin');
    expect(await refusal(admin.rpc('get_afd_data', { p_unit_id: unit2, ...SEPTEMBER }))).toEqual({
      code: '22023',
      message: `Cadastre o CNPJ e a razão social da unidade Loja 2 ${tag} antes de gerar o arquivo`,
    });
    const [semCpf1, semCpf2] = await Promise.all([person('Zélia Sem CPF', unit3, [], null), person('Mário Sem CPF', unit3, [], null)]);
    await punch(semCpf1, unit3, '2026-09-14', ['08:00']);
    await punch(semCpf2, unit3, '2026-09-14', ['08:30']);
    expect(await refusal(admin.rpc('get_afd_data', { p_unit_id: unit3, ...SEPTEMBER }))).toEqual({
      code: '22023',
      message: `Sem CPF cadastrado: ${semCpf2.name}, ${semCpf1.name}. Cadastre o CPF em Usuários antes de gerar o arquivo`,
    });
    expect((await refusal(admin.rpc('get_aej_data', { p_unit_id: unit3, ...SEPTEMBER }))).message).toBe(
      `Sem CPF cadastrado: ${semCpf2.name}, ${semCpf1.name}. Cadastre o CPF em Usuários antes de gerar o arquivo`,
    );
    // A period without those marks is fine.
    expect(unwrap(await admin.rpc('get_afd_data', { p_unit_id: unit3, p_from: '2026-10-01', p_to: '2026-10-31' }))).toMatchObject({ punches: [], employees: [] });

    const periods: [Record<string, string | null>, string][] = [
      [{ p_from: null, p_to: '2026-09-30' }, 'Informe o início e o fim do período'],
      [{ p_from: '2026-09-30', p_to: '2026-09-01' }, 'O fim do período é anterior ao início'],
      [{ p_from: '2026-01-01', p_to: '2027-01-01' }, 'O período deve ter no máximo 12 meses'],
    ];
    for (const [period, message] of periods) {
      expect(await refusal(admin.rpc('get_afd_data', { p_unit_id: unit1, ...period } as never))).toEqual({ code: '22023', message });
      expect(await refusal(admin.rpc('get_aej_data', { p_unit_id: unit1, ...period } as never))).toEqual({ code: '22023', message });
      expect(await refusal(admin.rpc('get_time_marks_report', period as never))).toEqual({ code: '22023', message });
    }
    expect(unwrap(await admin.rpc('get_afd_data', { p_unit_id: unit1, p_from: '2026-01-01', p_to: '2026-12-31' })).punches).toHaveLength(16);
  });

  it('carries whole CPFs, so only ADMIN and PUNCH_MANAGE of the unit get it', async () => {
    const denied = { code: '42501', message: 'Você não tem permissão para gerar os arquivos legais desta unidade' };
    for (const who of [reader, ownOnly, ana]) {
      expect(await refusal(who.client.rpc('get_afd_data', { p_unit_id: unit1, ...SEPTEMBER }))).toEqual(denied);
      expect(await refusal(who.client.rpc('get_aej_data', { p_unit_id: unit1, ...SEPTEMBER }))).toEqual(denied);
    }
    expect(await refusal(manager.client.rpc('get_afd_data', { p_unit_id: unit2, ...SEPTEMBER }))).toEqual(denied);
    expect(await refusal((await as('analista')).rpc('get_afd_data', { p_unit_id: unit1, ...SEPTEMBER }))).toEqual(denied);
    expect((await refusal(anonClient(backend).rpc('get_afd_data', { p_unit_id: unit1, ...SEPTEMBER }))).code).toBe('42501');
    // An unknown unit answers like a forbidden one.
    expect(await refusal(manager.client.rpc('get_afd_data', { p_unit_id: randomUUID(), ...SEPTEMBER }))).toEqual(denied);
  });
});

describe('AEJ (get_aej_data + buildAej)', () => {
  it('carries the treatment: disregarded marks as D, included ones as source I, with motives; absences and bank movements', async () => {
    const data = aejDataSchema.parse(unwrap(await manager.client.rpc('get_aej_data', { p_unit_id: unit1, p_from: '2026-09-14', p_to: '2026-09-16' })));
    // Unit 1's employees with a time record: Ana and Bruno (Carla works at unit 2; the reader and the manager never punched).
    expect(data.employees.map((e) => e.full_name)).toEqual([ana.name, bruno.name]);
    const file = buildAej(data);
    const lines = file.text.split('\r\n');
    expect(lines[0]).toMatch(new RegExp(`^01\\|1\\|${cnpj1}\\|\\|\\|Farmácia São João Ltda\\|2026-09-14\\|2026-09-16\\|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:00-0300\\|001$`));
    expect(lines.slice(1)).toEqual([
      '02|1|3|00000000000000000',
      `03|1|${ana.cpf}|${ana.name}`,
      `03|2|${bruno.cpf}|${bruno.name}`,
      '04|H0800-1700-60|480|0800|1700',
      '05|1|2026-09-14T08:00:00-0300|1|E|001|O|H0800-1700-60|',
      '05|1|2026-09-14T12:00:00-0300|1|S|001|O||',
      '05|1|2026-09-14T13:00:00-0300|1|E|002|O||',
      '05|1|2026-09-14T17:00:00-0300|1|S|002|O||',
      '05|1|2026-09-15T08:00:00-0300|1|E|001|O|H0800-1700-60|',
      '05|1|2026-09-15T12:00:00-0300|1|S|001|O||',
      '05|1|2026-09-15T12:05:00-0300|1|D|000|O||Marcação em duplicidade',
      '05|1|2026-09-15T13:00:00-0300|1|E|002|O||',
      '05|1|2026-09-15T17:00:00-0300|1|S|002|O||',
      '05|1|2026-09-16T08:00:00-0300|1|E|001|O|H0800-1700-60|',
      '05|1|2026-09-16T12:00:00-0300|1|S|001|O||',
      '05|1|2026-09-16T13:00:00-0300||E|002|I||Esqueceu de marcar a volta do almoço',
      '05|1|2026-09-16T17:00:00-0300|1|S|002|O||',
      '05|2|2026-09-14T09:00:00-0300|1|E|001|O|H0800-1700-60|',
      '05|2|2026-09-14T18:00:00-0300|1|S|001|O||',
      // Ana: the hour compensated on the 16th leaves the bank. Bruno: 9 h without a break on the 14th (+60: the
      // entry is 60 min off, beyond the tolerance), then two absences of 480 min.
      '07|1|3|2026-09-16|60|2',
      '07|2|3|2026-09-14|60|1',
      '07|2|2|2026-09-15|480|',
      '07|2|2|2026-09-16|480|',
      `08|Farmacia Backoffice - Ponto Digital|1.0|1|${cnpj1}|Farmácia São João Ltda|`,
      '99|1|1|2|1|15|0|4|1',
      'CONTROLE INTERNO DE JORNADA DA REDE - NAO E UM REP-P CERTIFICADO - SEM ASSINATURA ICP-BRASIL'.padEnd(100),
      '',
    ]);
  });
});

describe('marks report (get_time_marks_report)', () => {
  it('lists every mark of the reader\'s units with its origin, evidence, motive and author, by name and time', async () => {
    const report = timeMarksReportSchema.parse(unwrap(await reader.client.rpc('get_time_marks_report', SEPTEMBER)));
    const mine = report.marks.filter((m) => m.user_id === ana.id || m.user_id === bruno.id);
    // Nobody out of the reader's units: Carla (unit 2) is absent, her visit to unit 1 too.
    expect(report.marks.filter((m) => ![ana.id, bruno.id].includes(m.user_id))).toEqual([]);
    expect(mine.map((m) => [m.full_name, m.at.slice(0, 16), m.source])).toEqual([
      [ana.name, '2026-09-14T11:00', 'O'],
      [ana.name, '2026-09-14T15:00', 'O'],
      [ana.name, '2026-09-14T16:00', 'O'],
      [ana.name, '2026-09-14T20:00', 'O'],
      [ana.name, '2026-09-15T11:00', 'O'],
      [ana.name, '2026-09-15T15:00', 'O'],
      [ana.name, '2026-09-15T15:05', 'D'],
      [ana.name, '2026-09-15T16:00', 'O'],
      [ana.name, '2026-09-15T20:00', 'O'],
      [ana.name, '2026-09-16T11:00', 'O'],
      [ana.name, '2026-09-16T15:00', 'O'],
      [ana.name, '2026-09-16T16:00', 'I'],
      [ana.name, '2026-09-16T20:00', 'O'],
      [bruno.name, '2026-09-14T12:00', 'O'],
      [bruno.name, '2026-09-14T21:00', 'O'],
    ]);
    expect(mine[0]).toMatchObject({
      unit_id: unit1,
      unit_name: `Loja 1 ${tag}`,
      work_date: '2026-09-14',
      punch_type: 'EXTRA',
      nsr: 1,
      receipt_hash: 'hash-1',
      previous_hash: 'hash-0',
      computer_name: `Caixa 1 ${tag}`,
      ip_origem: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (teste)',
      fora_da_unidade: false,
      ajuste_id: null,
      motivo: null,
      author_name: null,
    });
    expect(mine[6]).toMatchObject({ source: 'D', nsr: 7, motivo: 'Marcação em duplicidade', author_name: manager.name });
    expect(mine[6]!.adjusted_at).not.toBeNull();
    expect(mine[11]).toMatchObject({ source: 'I', nsr: null, receipt_hash: null, computer_name: null, motivo: 'Esqueceu de marcar a volta do almoço', author_name: manager.name });
  });

  it('filters by unit and employee within the caller\'s scope and refuses the rest', async () => {
    const admin = await as('admin');
    const unit2Marks = timeMarksReportSchema.parse(unwrap(await admin.rpc('get_time_marks_report', { ...SEPTEMBER, p_unit_id: unit2 }))).marks;
    // Carla's marks wherever she punched: her unit's and her visit to unit 1.
    expect(unit2Marks.map((m) => [m.user_id, m.nsr])).toEqual([
      [carla.id, 1],
      [carla.id, 2],
      [carla.id, 15],
    ]);
    const bruno1 = timeMarksReportSchema.parse(unwrap(await manager.client.rpc('get_time_marks_report', { ...SEPTEMBER, p_unit_id: unit1, p_user_id: bruno.id }))).marks;
    expect(bruno1.map((m) => m.nsr)).toEqual([13, 14]);

    expect(await refusal(reader.client.rpc('get_time_marks_report', { ...SEPTEMBER, p_unit_id: unit2 }))).toEqual({
      code: '42501',
      message: 'Você não tem permissão para ver o ponto desta unidade',
    });
    expect(await refusal(reader.client.rpc('get_time_marks_report', { ...SEPTEMBER, p_user_id: carla.id }))).toEqual({
      code: '42501',
      message: 'Você não tem permissão para ver o ponto deste funcionário',
    });
    // A PUNCH_VIEW_OWN employee gets no report, not even of their own marks.
    for (const args of [SEPTEMBER, { ...SEPTEMBER, p_user_id: ownOnly.id }, { ...SEPTEMBER, p_unit_id: unit1 }]) {
      expect(await refusal(ownOnly.client.rpc('get_time_marks_report', args))).toEqual({ code: '42501', message: 'Você não tem permissão para ver relatórios de ponto' });
    }
  });

  it('refuses more than 20,000 marks whole', async () => {
    const heavy = await person('Muitas Marcações', unit4, [], randomCpf());
    await withDb((db) =>
      db.query(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
         select $1, $2, g, 'EXTRA', timestamptz '2026-01-01 12:00-03' + g * interval '10 minutes',
           ((timestamptz '2026-01-01 12:00-03' + g * interval '10 minutes') at time zone 'America/Sao_Paulo')::date, 'x'
         from generate_series(1, 20001) g`,
        [heavy.id, unit4],
      ),
    );
    const admin = await as('admin');
    expect(await refusal(admin.rpc('get_time_marks_report', { p_from: '2026-01-01', p_to: '2026-12-31', p_unit_id: unit4 }))).toEqual({
      code: '22023',
      message: 'O período tem mais de 20.000 marcações; escolha uma unidade, um funcionário ou um período menor',
    });
    // The same unit in a smaller period answers.
    expect(unwrap(await admin.rpc('get_time_marks_report', { p_from: '2026-01-01', p_to: '2026-01-31', p_unit_id: unit4 })).marks.length).toBeGreaterThan(4000);
  });
});

describe('espelho print (get_espelho_print)', () => {
  it('has the fields of art. 84: employer, employee with CPF, schedule, original and treated marks, totals', async () => {
    const print = espelhoPrintSchema.parse(unwrap(await manager.client.rpc('get_espelho_print', { p_user_id: ana.id, p_month: '2026-09-10' })));
    expect(print.employer).toEqual({ legal_name: 'Farmácia São João Ltda', cnpj: cnpj1, unit_name: `Loja 1 ${tag}`, address: 'Rua das Flores, 10 - Centro' });
    expect(print.employee).toEqual({ user_id: ana.id, full_name: ana.name, cpf: ana.cpf, cpf_masked: false, admission_date: '2024-03-04', job_title: 'Balconista' });
    expect(print.month).toBe('2026-09-01');
    expect(print.schedules).toEqual([
      { template_name: `Comercial ${tag}`, valid_from: '2026-09-01', valid_to: null, description: 'Seg a sex 08:00–17:00, intervalo 60 min; Sáb 08:00–12:00' },
    ]);
    expect(print.days).toHaveLength(30);
    const day15 = print.days.find((d) => d.date === '2026-09-15')!;
    expect(day15.marks.map((m) => m.source)).toEqual(['O', 'O', 'D', 'O', 'O']);
    expect(day15).toMatchObject({ worked_minutes: 480, balance_minutes: 0 });
    const day16 = print.days.find((d) => d.date === '2026-09-16')!;
    expect(day16.marks.map((m) => m.source)).toEqual(['O', 'O', 'I', 'O']);
    // 14–16 Sep worked (480 each); every other workday of September from the 1st is an absence.
    expect(print.totals).toMatchObject({ worked_minutes: 1440 });
    expect(print.closed).toBe(false);
    expect(print.sha256).toBeNull();
    expect(print.bank?.user_id).toBe(ana.id);
  });

  it('masks the CPF for a reader without PUNCH_MANAGE, and refuses an employee out of scope', async () => {
    const print = espelhoPrintSchema.parse(unwrap(await reader.client.rpc('get_espelho_print', { p_user_id: ana.id, p_month: '2026-09-01' })));
    expect(print.employee).toMatchObject({ cpf: `***.${ana.cpf!.slice(3, 6)}.${ana.cpf!.slice(6, 9)}-**`, cpf_masked: true });
    expect(await refusal(reader.client.rpc('get_espelho_print', { p_user_id: carla.id, p_month: '2026-09-01' }))).toEqual({
      code: '42501',
      message: 'Você não tem permissão para ver o ponto deste funcionário',
    });
    expect(await refusal(ownOnly.client.rpc('get_espelho_print', { p_user_id: ana.id, p_month: '2026-09-01' }))).toMatchObject({ code: '42501' });
    // The person prints their own, whole.
    const own = espelhoPrintSchema.parse(unwrap(await ana.client.rpc('get_espelho_print', { p_user_id: ana.id, p_month: '2026-09-01' })));
    expect(own.employee).toMatchObject({ cpf: ana.cpf, cpf_masked: false });
  });

  it('once the month is closed, carries the espelho\'s SHA-256 and the acknowledgement of that version', async () => {
    unwrap(await manager.client.rpc('close_timesheet_month', { p_unit_id: unit1, p_month: '2026-09-01' }));
    const espelho = unwrap(await ana.client.rpc('get_espelho', { p_user_id: ana.id, p_month: '2026-09-01' })) as { sha256: string };
    unwrap(await ana.client.rpc('acknowledge_espelho', { p_month: '2026-09-01', p_concorda: true, p_sha256: espelho.sha256 }));
    const print = espelhoPrintSchema.parse(unwrap(await manager.client.rpc('get_espelho_print', { p_user_id: ana.id, p_month: '2026-09-01' })));
    expect(print).toMatchObject({ closed: true, sha256: espelho.sha256 });
    expect(print.closed_at).not.toBeNull();
    expect(print.acknowledgement).toMatchObject({ concorda: true, espelho_sha256: espelho.sha256, matches_current: true });
  });
});
