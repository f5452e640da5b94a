/**
 * Employees' identifiers (issue 26, item 5): get_employee_record and set_employee_record, who reads a
 * CPF whole and who masked, every refusal with its exact message, the units' CNPJ check, and the punch
 * receipt carrying the employer's name, CNPJ and address and the worker's CPF (Portaria 671 art. 79).
 *
 * Fixtures of this file's own: two units, and in unit 1 an employee who punches, a colleague without
 * rights, a PUNCH_VIEW_ALL reader (the ANALISTA's right) and a PUNCH_MANAGE manager; in unit 2 a
 * PUNCH_MANAGE manager and a user manager (MANAGE_USERS, not an administrator). CPFs are generated
 * per run (the column is unique across the chain).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { punchReceiptSchema } from '@/features/time-clock/schemas';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';
import { createTimeClockPerson, randomCpf } from '../../utils/time-clock-people.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `ident-${randomUUID().slice(0, 8)}`;

interface Person {
  id: string;
  client: SupabaseClient;
}

interface EmployeeRecord {
  user_id: string;
  cpf: string | null;
  cpf_masked: boolean;
  admission_date: string | null;
  job_title: string | null;
}

const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

let unit1 = '';
let unit2 = '';
let employee: Person;
let colleague: Person;
let reader: Person;
let manager: Person;
let otherManager: Person;
let userManager: Person;
let adminId = '';
const roleIds: string[] = [];
const employeeCpf = randomCpf();

const person = (label: string, unitId: string, permissions: string[]): Promise<Person> =>
  createTimeClockPerson({ backend, tag, label, unitId, permissions, roleIds });

async function stored(userId: string): Promise<Record<string, unknown> | undefined> {
  const db = await sql(backend);
  try {
    return (await db.query('select cpf, admission_date::text, job_title, updated_by from public.employee_records where user_id = $1', [userId])).rows[0];
  } finally {
    await db.end();
  }
}

async function record(client: SupabaseClient, userId: string) {
  return client.rpc('get_employee_record', { p_user_id: userId });
}

async function save(client: SupabaseClient, userId: string, cpf: string | null, admission: string | null, jobTitle: string | null) {
  return client.rpc('set_employee_record', { p_user_id: userId, p_cpf: cpf as string, p_admission_date: admission as string, p_job_title: jobTitle as string });
}

beforeAll(async () => {
  const admin = await as('admin');
  adminId = (await admin.auth.getUser()).data.user!.id;
  unit1 = unwrap(await admin.from('store_units').insert({ name: `Loja 1 ${tag}`, address: `Rua do Teste, 1 ${tag}` }).select('id').single()).id as string;
  unit2 = unwrap(await admin.from('store_units').insert({ name: `Loja 2 ${tag}` }).select('id').single()).id as string;
  [employee, colleague, reader, manager, otherManager, userManager] = await Promise.all([
    person('Empregado', unit1, ['PUNCH_CLOCK_ACCESS']),
    person('Colega', unit1, []),
    person('Analista', unit1, ['PUNCH_VIEW_ALL']),
    person('Gerente', unit1, ['PUNCH_MANAGE']),
    person('Gerente2', unit2, ['PUNCH_MANAGE']),
    person('RH', unit2, ['MANAGE_USERS']),
  ]);
  unwrap(await save(admin, employee.id, formatted(employeeCpf), '2024-03-04', '  Balconista  '));
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    // Punches are evidence and stay; the test roles and the units' CNPJs (unique across the chain) go.
    await db.query('delete from public.user_roles where role_id = any($1::uuid[])', [roleIds]);
    await db.query('delete from public.custom_roles where id = any($1::uuid[])', [roleIds]);
    await db.query('update public.store_units set cnpj = null where id = any($1::uuid[])', [[unit1, unit2]]);
  } finally {
    await db.end();
  }
});

describe('set_employee_record', () => {
  it('stores the CPF as 11 digits, the job title trimmed, and who saved it', async () => {
    expect(await stored(employee.id)).toEqual({ cpf: employeeCpf, admission_date: '2024-03-04', job_title: 'Balconista', updated_by: adminId });
  });

  it.each([
    ['a wrong check digit', () => `${employeeCpf.slice(0, 10)}${(Number(employeeCpf[10]) + 1) % 10}`, '2024-03-04', 'Balconista', '22023', 'CPF inválido: confira os dígitos'],
    ['eleven equal digits', () => '111.111.111-11', '2024-03-04', 'Balconista', '22023', 'CPF inválido: confira os dígitos'],
    ['letters', () => '529.982.247-2x', '2024-03-04', 'Balconista', '22023', 'CPF inválido: confira os dígitos'],
    ['a future admission', () => null, '2099-01-02', 'Balconista', '22023', 'A data de admissão não pode ser futura'],
    ['an admission before 1940', () => null, '1939-12-31', 'Balconista', '22023', 'A data de admissão deve ser a partir de 01/01/1940'],
    ['a job title of 121 characters', () => null, '2024-03-04', 'x'.repeat(121), '22023', 'O cargo deve ter no máximo 120 caracteres'],
  ])('refuses %s with its message and changes nothing', async (_label, cpf, admission, jobTitle, code, message) => {
    const before = await stored(colleague.id);
    const result = await save(await as('admin'), colleague.id, cpf(), admission, jobTitle);
    expect(result.error).toMatchObject({ code, message });
    expect(await stored(colleague.id)).toEqual(before);
  });

  it('refuses a CPF another employee has, formatted or not', async () => {
    const admin = await as('admin');
    for (const cpf of [employeeCpf, formatted(employeeCpf)]) {
      const result = await save(admin, colleague.id, cpf, null, null);
      expect(result.error).toMatchObject({ code: '23505', message: 'Este CPF já está cadastrado para outro funcionário' });
    }
    expect((await stored(colleague.id))?.cpf ?? null).toBeNull();
  });

  it('keeps the CPF on file when none is sent, removes it when an empty one is sent', async () => {
    const admin = await as('admin');
    const cpf = randomCpf();
    unwrap(await save(admin, colleague.id, cpf, '2022-01-10', 'Estoquista'));
    const kept = unwrap(await save(admin, colleague.id, null, '2022-01-11', 'Repositor')) as EmployeeRecord;
    expect(kept).toEqual({ user_id: colleague.id, cpf, cpf_masked: false, admission_date: '2022-01-11', job_title: 'Repositor' });
    const removed = unwrap(await save(admin, colleague.id, '', null, ' ')) as EmployeeRecord;
    expect(removed).toEqual({ user_id: colleague.id, cpf: null, cpf_masked: false, admission_date: null, job_title: null });
  });

  it('writers: ADMIN, the PUNCH_MANAGE of the unit, a user manager (answered masked); nobody else, never oneself', async () => {
    const cpf = randomCpf();
    const byManager = unwrap(await save(manager.client, colleague.id, cpf, '2021-05-03', 'Caixa')) as EmployeeRecord;
    expect(byManager).toMatchObject({ cpf, cpf_masked: false });
    const byUserManager = unwrap(await save(userManager.client, colleague.id, null, '2021-05-04', 'Caixa')) as EmployeeRecord;
    expect(byUserManager).toEqual({ user_id: colleague.id, cpf: masked(cpf), cpf_masked: true, admission_date: '2021-05-04', job_title: 'Caixa' });
    expect(await stored(colleague.id)).toMatchObject({ cpf, updated_by: userManager.id });

    const refused = 'Você não tem permissão para alterar os dados funcionais deste funcionário';
    for (const [caller, target] of [
      [reader, colleague],
      [otherManager, colleague],
      [colleague, employee],
      [employee, employee],
      [manager, manager],
    ] as const) {
      expect((await save(caller.client, target.id, randomCpf(), null, null)).error).toMatchObject({ code: '42501', message: refused });
    }
    // A user manager who is not an administrator never edits an administrator's record.
    expect((await save(userManager.client, adminId, randomCpf(), null, null)).error).toMatchObject({ code: '42501', message: refused });
    expect((await save(anonClient(backend), colleague.id, randomCpf(), null, null)).error?.code).toBe('42501');
    expect(await stored(colleague.id)).toMatchObject({ cpf, admission_date: '2021-05-04' });
  });
});

describe('who reads the CPF', () => {
  const whole = (cpf: string) => ({ cpf, cpf_masked: false, admission_date: '2024-03-04', job_title: 'Balconista' });
  const hidden = (cpf: string) => ({ cpf: masked(cpf), cpf_masked: true, admission_date: '2024-03-04', job_title: 'Balconista' });

  it('whole: the person, ADMIN and the PUNCH_MANAGE of their unit; masked: the unit\'s PUNCH_VIEW_ALL reader and a user manager', async () => {
    expect(unwrap(await record(employee.client, employee.id))).toEqual({ user_id: employee.id, ...whole(employeeCpf) });
    expect(unwrap(await record(await as('admin'), employee.id))).toMatchObject(whole(employeeCpf));
    expect(unwrap(await record(manager.client, employee.id))).toMatchObject(whole(employeeCpf));
    expect(unwrap(await record(reader.client, employee.id))).toMatchObject(hidden(employeeCpf));
    expect(unwrap(await record(userManager.client, employee.id))).toMatchObject(hidden(employeeCpf));
  });

  it('refused: a PUNCH_MANAGE of another unit, a colleague without rights, anon', async () => {
    const refused = { code: '42501', message: 'Você não tem permissão para ver os dados funcionais deste funcionário' };
    expect((await record(otherManager.client, employee.id)).error).toMatchObject(refused);
    expect((await record(colleague.client, employee.id)).error).toMatchObject(refused);
    expect((await record(anonClient(backend), employee.id)).error?.code).toBe('42501');
  });

  it('an employee without a record reads nulls, not a refusal', async () => {
    expect(unwrap(await record(reader.client, reader.id))).toEqual({ user_id: reader.id, cpf: null, cpf_masked: false, admission_date: null, job_title: null });
  });

  it('the table: rows only for the person, ADMIN and the PUNCH_MANAGE of their unit; nobody writes it directly', async () => {
    const rowsOf = async (client: SupabaseClient) => (await client.from('employee_records').select('user_id, cpf').eq('user_id', employee.id)).data ?? [];
    expect(await rowsOf(employee.client)).toEqual([{ user_id: employee.id, cpf: employeeCpf }]);
    expect(await rowsOf(await as('admin'))).toHaveLength(1);
    expect(await rowsOf(manager.client)).toHaveLength(1);
    for (const client of [reader.client, userManager.client, otherManager.client, colleague.client]) expect(await rowsOf(client)).toEqual([]);
    expect((await anonClient(backend).from('employee_records').select('cpf')).error?.code).toBe('42501');

    const forged = await manager.client.from('employee_records').update({ cpf: randomCpf() }).eq('user_id', employee.id).select();
    expect(forged.error?.code).toBe('42501');
    const inserted = await (await as('admin')).from('employee_records').insert({ user_id: reader.id, cpf: randomCpf() }).select();
    expect(inserted.error?.code).toBe('42501');
    expect((await stored(employee.id))?.cpf).toBe(employeeCpf);
  });
});

describe('units: CNPJ and razão social', () => {
  it('refuses a CNPJ with wrong check digits by its constraint, stores a valid one', async () => {
    const admin = await as('admin');
    const wrong = await admin.from('store_units').update({ cnpj: '11222333000182' }).eq('id', unit2).select('id');
    expect(wrong.error?.code).toBe('23514');
    expect(`${wrong.error?.message} ${wrong.error?.details ?? ''}`).toContain('store_units_cnpj_valid');
    const punctuated = await admin.from('store_units').update({ cnpj: '11.222.333/0001-81' }).eq('id', unit2).select('id');
    expect(punctuated.error?.code).toBe('23514');
  });

  it('a unit without MANAGE_UNITS is not edited', async () => {
    const result = await manager.client.from('store_units').update({ legal_name: 'Forjada Ltda' }).eq('id', unit1).select('id');
    expect(result.data ?? []).toEqual([]);
    const db = await sql(backend);
    try {
      expect((await db.query('select legal_name from public.store_units where id = $1', [unit1])).rows[0]?.legal_name).toBeNull();
    } finally {
      await db.end();
    }
  });
});

describe('the punch receipt (Portaria 671 art. 79)', () => {
  it('carries the employer\'s legal name and CNPJ, the unit\'s address and the worker\'s CPF', async () => {
    const admin = await as('admin');
    // A CNPJ no other unit holds: this unit's own branch number.
    const db = await sql(backend);
    let cnpj = '';
    try {
      const taken = new Set((await db.query<{ cnpj: string }>('select cnpj from public.store_units where cnpj is not null')).rows.map((r) => r.cnpj));
      for (let branch = 100; !cnpj; branch += 1) {
        const base = `99888777${String(branch).padStart(4, '0')}`.split('').map(Number);
        for (const weights of [[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]) {
          const rest = base.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
          base.push(rest < 2 ? 0 : 11 - rest);
        }
        if (!taken.has(base.join(''))) cnpj = base.join('');
      }
    } finally {
      await db.end();
    }
    unwrap(await admin.from('store_units').update({ cnpj, legal_name: `Farmácias ${tag} Ltda` }).eq('id', unit1).select('id'));

    const term = unwrap(await serviceClient(backend).from('versoes_termo_lgpd').select('id').eq('ativo', true).single()).id as string;
    const token = (unwrap(await admin.rpc('authorize_computer', { p_name: `Caixa ${tag}`, p_unit_id: unit1 })) as { device_token: string }).device_token;
    unwrap(await employee.client.rpc('record_lgpd_consent', { p_versao_termo_id: term, p_aceito: true, p_device_token: token }));
    const receipt = unwrap(await employee.client.rpc('register_punch', { p_device_token: token })) as Record<string, unknown>;
    expect(receipt).toMatchObject({
      employee_name: `Empregado ${tag}`,
      unit_name: `Loja 1 ${tag}`,
      unit_address: `Rua do Teste, 1 ${tag}`,
      employer_name: `Farmácias ${tag} Ltda`,
      cnpj,
      cpf: employeeCpf,
      punch_type: 'ENTRADA',
    });
    // The app's schema reads it.
    expect(punchReceiptSchema.parse(receipt)).toMatchObject({ cnpj, cpf: employeeCpf, employer_name: `Farmácias ${tag} Ltda` });
  });
});
