/**
 * Second attacker review (issue 21), the time clock: each finding replayed as an attacker would,
 * with real requests. Fixed by supabase/migrations/20261126120000_time_clock_hardening.sql.
 *
 *  3. device tokens in plain text: a consent stored the token, which PUNCH_VIEW_ALL holders read;
 *  4. a computer of any unit took anyone's punch: stored (never refused) but now flagged;
 *  5. NSR order differed from time order under simultaneous punches;
 *  6. the punch's address was the X-Forwarded-For chain, whose first entry the client chooses;
 * 10. an over-long computer name answered 'Failing row contains (…)' with the token's hash;
 * 11. an account without a role, or a disabled one, added consent rows.
 *
 * This file never publishes a term: tests/integration/app/time-clock.test.ts publishes one when it
 * starts, possibly while this file runs, so every punch here consents to the version active at that
 * moment and tries again once if a newer one appeared in between (see `punch`).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions, signUpStranger } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `sec-ponto-${randomUUID().slice(0, 8)}`;
const STALE_TERM = 'Esta versão do termo não está mais ativa; leia a versão atual';
const NEEDS_CONSENT = 'É preciso aceitar o termo LGPD antes de registrar ponto.';
const NO_CLOCK = 'Você não tem permissão para usar o ponto eletrônico.';
const NO_PUNCH = 'Você não tem permissão para registrar ponto.';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Receipt {
  id: string;
  nsr: number;
  punched_at: string;
  ip_origem: string | null;
  fora_da_unidade: boolean;
  repeated: boolean;
}

let unitId = '';
let otherUnitId = '';
let token = '';
let computerId = '';
const createdUsers: string[] = [];

async function activeTermId(client: SupabaseClient): Promise<string> {
  return unwrap(await client.from('versoes_termo_lgpd').select('id').eq('ativo', true).single()).id;
}

/** A decision on the active term (acceptance unless told); once more if a newer version was published in between. */
async function consent(client: SupabaseClient, args: { p_aceito?: boolean; p_device_token?: string } = {}, forwardedFor?: string) {
  for (let attempt = 0; ; attempt += 1) {
    let call = client.rpc('record_lgpd_consent', { p_versao_termo_id: await activeTermId(client), p_aceito: true, ...args });
    if (forwardedFor) call = call.setHeader('X-Forwarded-For', forwardedFor);
    const result = await call;
    if (result.error?.message !== STALE_TERM || attempt > 0) return result;
  }
}

/** Accepts the active term, then punches; once more if a newer version was published in between. */
async function punch(client: SupabaseClient, deviceToken: string, forwardedFor?: string) {
  for (let attempt = 0; ; attempt += 1) {
    unwrap(await consent(client));
    let call = client.rpc('register_punch', { p_device_token: deviceToken });
    if (forwardedFor) call = call.setHeader('X-Forwarded-For', forwardedFor);
    const result = await call;
    if (result.error?.message !== NEEDS_CONSENT || attempt > 0) return result;
  }
}

/** A new employee holding only the permissions given (granted directly), placed in `unit` when given, signed in from `address`. */
async function employee(label: string, permissions: string[], unit: string | null, address?: string): Promise<{ client: SupabaseClient; id: string }> {
  const service = serviceClient(backend);
  const email = `${tag}-${label}@farmacia.test`;
  const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: `Funcionário ${label}` } });
  const id = created.data.user!.id;
  createdUsers.push(id);
  const db = await sql(backend);
  try {
    await db.query(`insert into public.user_permissions (user_id, permission_id) select $1, id from public.permissions where name = any ($2)`, [id, permissions]);
    if (unit) await db.query('update public.profiles set unit_id = $2 where id = $1', [id, unit]);
  } finally {
    await db.end();
  }
  const client = anonClient(backend, address);
  const signedIn = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { client, id };
}

beforeAll(async () => {
  const admin = await as('admin');
  unitId = unwrap(await admin.from('store_units').insert({ name: `Loja ${tag}` }).select('id').single()).id;
  otherUnitId = unwrap(await admin.from('store_units').insert({ name: `Outra loja ${tag}` }).select('id').single()).id;
  ({ id: computerId, device_token: token } = unwrap(await admin.rpc('authorize_computer', { p_name: `Caixa ${tag}`, p_unit_id: unitId })) as { id: string; device_token: string });
});

afterAll(async () => {
  const service = serviceClient(backend);
  // Punches and consents are originals and stay; their accounts stay too (punches reference them).
  for (const id of createdUsers) await service.auth.admin.updateUserById(id, { ban_duration: '876000h' });
});

describe('3. a device token is kept nowhere but as a hash', () => {
  it('a consent given on the computer names it by id; no column any API role reads holds the token', async () => {
    const { client, id } = await employee('token', ['PUNCH_CLOCK_ACCESS'], unitId);
    const given = unwrap(await consent(client, { p_device_token: token })) as Record<string, unknown>;
    expect(given).toMatchObject({ computer_id: computerId, device_token: null });
    expect(JSON.stringify(given)).not.toContain(token);
    const receipt = unwrap(await punch(client, token));
    expect(JSON.stringify(receipt)).not.toContain(token);

    // Every column of both tables, as an administrator and as a PUNCH_VIEW_ALL holder.
    // The viewer works in the employee's unit: PUNCH_VIEW_ALL reads the employees of its units (issue 25).
    const viewer = await employee('viewer', ['PUNCH_VIEW_ALL'], unitId);
    for (const reader of [await as('admin'), viewer.client]) {
      const consents = unwrap(await reader.from('consentimentos_lgpd').select('*').eq('funcionario_id', id));
      expect(consents.length).toBeGreaterThan(0);
      expect(JSON.stringify(consents)).not.toContain(token);
      expect(JSON.stringify(unwrap(await reader.from('authorized_computers').select('*')))).not.toContain(token);
    }
    // And nowhere in the database: every text-like column of every table, read as the superuser.
    const db = await sql(backend);
    try {
      const { rows: columns } = await db.query<{ relation: string; column: string }>(
        `select format('%I.%I', c.table_schema, c.table_name) as relation, c.column_name as column
           from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
          where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
            and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
      );
      const found: string[] = [];
      for (const { relation, column } of columns) {
        const { rows } = await db.query(`select 1 from ${relation} where "${column.replace(/"/g, '""')}"::text like '%' || $1 || '%' limit 1`, [token]);
        if (rows.length > 0) found.push(`${relation}.${column}`);
      }
      expect(found).toEqual([]);
      const { rows: hashed } = await db.query('select token_hash from public.authorized_computers where id = $1', [computerId]);
      expect(hashed).toEqual([{ token_hash: sha256(token) }]);
    } finally {
      await db.end();
    }
  });
});

describe('4. a punch at a unit the employee is not assigned to', () => {
  it('is stored (never refused) and flagged on the row, the receipt and the timesheet; a punch at an assigned unit is not', async () => {
    const stranger = await employee('forasteiro', ['PUNCH_CLOCK_ACCESS'], otherUnitId);
    const local = await employee('local', ['PUNCH_CLOCK_ACCESS'], unitId);
    const foreign = unwrap(await punch(stranger.client, token)) as Receipt;
    const own = unwrap(await punch(local.client, token)) as Receipt;
    expect(foreign).toMatchObject({ fora_da_unidade: true, repeated: false });
    expect(own).toMatchObject({ fora_da_unidade: false, repeated: false });

    // The flag is the database's, whoever inserts (a forged false from the service role is overridden).
    const service = serviceClient(backend);
    const forged = unwrap(
      await service
        .from('pontos')
        .insert({ funcionario_id: stranger.id, unit_id: unitId, nsr: 900_000 + Math.floor(Math.random() * 99_999), punch_type: 'EXTRA', work_date: '2026-01-05', receipt_hash: 'fixture', fora_da_unidade: false })
        .select('fora_da_unidade')
        .single(),
    );
    expect(forged.fora_da_unidade).toBe(true);

    const rows = unwrap(await (await as('admin')).from('pontos').select('id, fora_da_unidade').in('id', [foreign.id, own.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.fora_da_unidade]))).toEqual({ [foreign.id]: true, [own.id]: false });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const sheet = unwrap(await stranger.client.rpc('get_my_monthly_timesheet', { p_month: today })) as { date: string; fora_da_unidade: boolean }[];
    expect(sheet.find((row) => row.date === today)?.fora_da_unidade).toBe(true);
    const ownSheet = unwrap(await local.client.rpc('get_my_monthly_timesheet', { p_month: today })) as { date: string; fora_da_unidade: boolean }[];
    expect(ownSheet.find((row) => row.date === today)?.fora_da_unidade).toBe(false);
  });
});

describe('5. NSR order is time order', () => {
  let busy = '';
  let busyToken = '';
  let people: { client: SupabaseClient; id: string }[] = [];

  // Twenty accounts signed in beforehand (sign-ins are slow on a loaded machine; the test is the punching).
  beforeAll(async () => {
    const admin = await as('admin');
    busy = unwrap(await admin.from('store_units').insert({ name: `Loja movimentada ${tag}` }).select('id').single()).id;
    ({ device_token: busyToken } = unwrap(await admin.rpc('authorize_computer', { p_name: `Caixa movimentado ${tag}`, p_unit_id: busy })) as { device_token: string });
    people = await Promise.all(Array.from({ length: 20 }, (_, index) => employee(`fila-${index}`, ['PUNCH_CLOCK_ACCESS'], busy)));
  });

  it('twenty employees punching at once at one unit: ordering by NSR equals ordering by time, strictly', async () => {
    const admin = await as('admin');
    await Promise.all(people.map(async (person) => unwrap(await consent(person.client))));
    let pending = people;
    // Once more for those a term published meanwhile left without consent (see the file's note).
    for (let round = 0; round < 2 && pending.length > 0; round += 1) {
      const results = await Promise.all(pending.map((person) => person.client.rpc('register_punch', { p_device_token: busyToken })));
      const late = pending.filter((_, index) => results[index]?.error?.message === NEEDS_CONSENT);
      results.forEach((result, index) => {
        if (!late.includes(pending[index]!)) unwrap(result);
      });
      const current = await activeTermId(admin);
      for (const person of late) unwrap(await person.client.rpc('record_lgpd_consent', { p_versao_termo_id: current, p_aceito: true }));
      pending = late;
    }
    expect(pending).toEqual([]);

    const db = await sql(backend);
    try {
      const { rows } = await db.query<{ nsr: string; at: string }>(
        `select nsr, to_char(punched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from public.pontos where unit_id = $1 order by nsr`,
        [busy],
      );
      expect(rows.map((row) => Number(row.nsr))).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      const times = rows.map((row) => row.at);
      expect(times).toEqual([...times].sort());
      expect(new Set(times).size).toBe(20);
    } finally {
      await db.end();
    }
  });
});

describe("6. the evidence address is the gateway's, never the client's", () => {
  it('a forged X-Forwarded-For first entry is kept apart as declared; the punch, its receipt and the consent record the last entry', async () => {
    // The harness's simulated device address (Sb-Forwarded-For) is the address the gateway appends: what SQL sees last.
    const device = `2001:db8::c10c:${randomUUID().slice(0, 4)}`;
    const { client, id } = await employee('ip', ['PUNCH_CLOCK_ACCESS'], unitId, device);
    const forged = '198.51.100.66, 10.1.2.3';
    const given = unwrap(await consent(client, {}, forged)) as { ip_origem: string; ip_declarado: string };
    expect(given).toMatchObject({ ip_origem: device, ip_declarado: forged });
    const receipt = unwrap(await punch(client, token, forged)) as Receipt;
    expect(receipt.ip_origem).toBe(device);
    const row = unwrap(await (await as('admin')).from('pontos').select('ip_origem, ip_declarado').eq('id', receipt.id).single());
    expect(row).toEqual({ ip_origem: device, ip_declarado: forged });
    // Without a forged chain nothing is declared.
    const plain = unwrap(await consent(client)) as { funcionario_id: string; ip_origem: string; ip_declarado: string | null };
    expect(plain).toMatchObject({ funcionario_id: id, ip_origem: device, ip_declarado: null });
  });
});

describe('10. refusals carry a Portuguese message, never the row', () => {
  const leaks = (error: { message: string; details?: string | null; hint?: string | null } | null) => JSON.stringify(error);

  it('an over-long computer name, on authorization and on rename', async () => {
    const admin = await as('admin');
    const name = `${tag} ${'x'.repeat(80)}`;
    const created = await admin.rpc('authorize_computer', { p_name: name, p_unit_id: unitId });
    expect(created.error?.message).toBe('O nome do computador deve ter no máximo 80 caracteres');
    expect(leaks(created.error)).not.toMatch(/Failing row|[0-9a-f]{64}/);
    const renamed = await admin.from('authorized_computers').update({ name }).eq('id', computerId).select('id');
    expect(renamed.error?.message).toBe('O nome do computador deve ter no máximo 80 caracteres');
    expect(leaks(renamed.error)).not.toMatch(/Failing row|[0-9a-f]{64}/);
    const blank = await admin.from('authorized_computers').update({ name: '   ' }).eq('id', computerId).select('id');
    expect(blank.error?.message).toBe('Informe o nome do computador');
    const db = await sql(backend);
    try {
      const { rows } = await db.query('select name from public.authorized_computers where unit_id = $1', [unitId]);
      expect(rows).toEqual([{ name: `Caixa ${tag}` }]);
    } finally {
      await db.end();
    }
  });

  const week = (day: Record<string, unknown>) =>
    Array.from({ length: 7 }, (_, position) => (position < 5 ? { position, works: true, start_time: '08:00', end_time: '17:00', break_minutes: 60, ...day } : { position, works: false }));

  it.each([
    ['six days in a week', week({}).slice(0, 6), 'Informe cada um dos 7 dias do ciclo uma vez'],
    ['a break longer than the day', week({ break_minutes: 600 }), 'O intervalo do dia 1 (600 min) não pode ser maior que a jornada (540 min)'],
    ['a negative break', week({ break_minutes: -1 }), 'O intervalo do dia 1 não pode ser negativo'],
    ['the same start and end', week({ end_time: '08:00' }), 'O início e o fim do dia 1 não podem ser iguais'],
    ['a day without its end', week({ end_time: null }), 'Informe o início e o fim do dia 1 de trabalho'],
    ['a time that is not a time', week({ start_time: '25:00' }), 'Horário inválido: use HH:MM'],
  ] as [string, unknown[], string][])('a schedule template with %s: refused in Portuguese, nothing saved', async (_label, days, message) => {
    const admin = await as('admin');
    const name = `${tag} modelo ${randomUUID().slice(0, 4)}`;
    const saved = await admin.rpc('save_work_schedule_template', { p_id: null, p_name: name, p_kind: 'weekly', p_cycle_days: 7, p_days: days });
    expect(saved.error?.message).toBe(message);
    expect(leaks(saved.error)).not.toContain('Failing row');
    expect(unwrap(await admin.from('work_schedule_templates').select('id').eq('name', name))).toEqual([]);
  });

  it('schedules are written only through the RPCs: a direct write is refused even to an administrator', async () => {
    const admin = await as('admin');
    const { id } = await employee(`escala-${randomUUID().slice(0, 4)}`, ['PUNCH_CLOCK_ACCESS'], null);
    const template = unwrap(await admin.rpc('save_work_schedule_template', { p_id: null, p_name: `${tag} direto`, p_kind: 'weekly', p_cycle_days: 7, p_days: week({}) }));
    const inserted = await admin.from('work_schedules').insert({ user_id: id, template_id: template, valid_from: '2026-01-01', cycle_start: '2026-01-01' }).select('id');
    expect(inserted.error?.code).toBe('42501');
    const holiday = await admin.from('holidays').insert({ day: '2026-03-03', name: 'Forjado', scope: 'municipal' }).select('id');
    expect(holiday.error?.code).toBe('42501');
  });
});

describe('11. consent is for time-clock users with an active account', () => {
  it('an account without a role (or PUNCH_CLOCK_ACCESS) can neither accept nor refuse; nothing is written', async () => {
    const { client, userId } = await signUpStranger(backend, `${tag}-semperfil@estranho.test`, { full_name: `Sem perfil ${tag}` });
    createdUsers.push(userId);
    const rep = await as('representante');
    for (const caller of [client, rep]) {
      const termId = await activeTermId(caller);
      for (const accepted of [true, false]) {
        const result = await caller.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: accepted, p_device_token: token });
        expect(result.error?.message).toBe(NO_CLOCK);
        expect(result.error?.code).toBe('42501');
      }
    }
    const db = await sql(backend);
    try {
      const { rows } = await db.query(
        `select 1 from public.consentimentos_lgpd where funcionario_id in ($1, (select id from auth.users where email = 'representante@farmacia.local'))`,
        [userId],
      );
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('a disabled account, with its token still valid, can neither consent, revoke nor punch', async () => {
    const { client, id } = await employee('banido', ['PUNCH_CLOCK_ACCESS'], unitId);
    const termId = (unwrap(await consent(client)) as { versao_termo_id: string }).versao_termo_id;
    const banned = await serviceClient(backend).auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const db = await sql(backend);
    try {
      const count = async () => (await db.query<{ n: number }>('select (select count(*) from public.consentimentos_lgpd where funcionario_id = $1)::int + (select count(*) from public.pontos where funcionario_id = $1)::int as n', [id])).rows[0]!.n;
      const before = await count();
      for (const accepted of [true, false]) {
        expect((await client.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: accepted })).error?.message).toBe(NO_CLOCK);
      }
      expect((await client.rpc('register_punch', { p_device_token: token })).error?.message).toBe(NO_PUNCH);
      expect(await count()).toBe(before);
    } finally {
      await db.end();
    }
  });

  it('an employee who lost PUNCH_CLOCK_ACCESS still revokes the consent they gave (LGPD art. 8 §5), and can accept nothing again', async () => {
    const db = await sql(backend);
    try {
      // Once more, with a new employee, if a term published meanwhile left nothing to revoke (see the file's note).
      for (let attempt = 0; ; attempt += 1) {
        const { client, id } = await employee(`ex-${attempt}`, ['PUNCH_CLOCK_ACCESS'], unitId);
        const termId = (unwrap(await consent(client)) as { versao_termo_id: string }).versao_termo_id;
        await db.query('delete from public.user_permissions where user_id = $1', [id]);
        const revoked = await client.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: false });
        if (attempt === 0 && (await activeTermId(client)) !== termId) continue;
        expect(revoked.error).toBeNull();
        expect(revoked.data).toMatchObject({ funcionario_id: id, aceito: false });
        expect((await client.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: true })).error?.message).toBe(NO_CLOCK);
        expect((await client.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: false })).error?.message).toBe(NO_CLOCK);
        break;
      }
    } finally {
      await db.end();
    }
  });
});
