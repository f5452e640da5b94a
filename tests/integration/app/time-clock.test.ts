/**
 * Ponto Digital, the employee side, through supabase-js as the demo users: the LGPD term and
 * consents, authorized computers, register_punch (server time, gap-free per-unit NSR, hash chain,
 * one punch per double click) and the monthly timesheet. Punches and consents are immutable, so
 * this file punches at a unit of its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizedComputerSchema, punchComputerSchema, punchReceiptSchema } from '@/features/time-clock/schemas';
import { demoSessions, type DemoUserKey } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `ponto-${randomUUID().slice(0, 8)}`;
const EMPLOYEES: DemoUserKey[] = ['balconista', 'balconista2', 'farmaceutico', 'compras', 'admin'];
const IMMUTABLE = 'Registros originais de ponto e de consentimento não podem ser alterados nem excluídos';

let termId = '';
let unitId = '';
let deviceToken = '';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  const admin = await as('admin');
  const published = unwrap(await admin.rpc('publish_lgpd_term', { p_versao: `v-${tag}`, p_texto: `Termo de consentimento ${tag}: tratamos seus registros de ponto.` }));
  termId = (published as { id: string }).id;
  unitId = unwrap(await admin.from('store_units').insert({ name: `Loja Ponto ${tag}` }).select('id').single()).id;
  deviceToken = authorizedComputerSchema.parse(unwrap(await admin.rpc('authorize_computer', { p_name: `Caixa 1 ${tag}`, p_unit_id: unitId }))).device_token;
});

describe('the LGPD term', () => {
  it('ADMIN publishes a version with the SHA-256 of its text; it alone is active; nobody else may publish', async () => {
    const admin = await as('admin');
    const active = unwrap(await admin.from('versoes_termo_lgpd').select('id, texto_termo, texto_sha256').eq('ativo', true));
    expect(active).toHaveLength(1);
    expect(active[0]?.id).toBe(termId);
    expect(active[0]?.texto_sha256).toBe(sha256(String(active[0]?.texto_termo)));
    const clerk = await as('balconista');
    const refused = await clerk.rpc('publish_lgpd_term', { p_versao: `x-${tag}`, p_texto: 'outro' });
    expect(refused.error?.code).toBe('42501');
    const tooLong = await admin.rpc('publish_lgpd_term', { p_versao: 'x'.repeat(21), p_texto: 'texto' });
    expect(tooLong.error?.message).toBe('A versão deve ter no máximo 20 caracteres');
  });

  it('a version never changes, whoever tries: only a newer publication retires it', async () => {
    const service = serviceClient(backend);
    const edit = await service.from('versoes_termo_lgpd').update({ texto_termo: 'texto trocado' }).eq('id', termId).select();
    expect(edit.error?.message).toBe('Versões do termo LGPD não podem ser alteradas; publique uma nova versão');
    const remove = await service.from('versoes_termo_lgpd').delete().eq('id', termId).select();
    expect(remove.error?.message).toBe('Versões do termo LGPD não podem ser excluídas');
  });
});

describe('consents', () => {
  it('are recorded with server time and origin, never from the body; append-only for every role', async () => {
    const clerk = await as('balconista');
    const before = Date.now();
    const row = unwrap(await clerk.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: true, p_device_token: deviceToken })) as {
      id: string;
      data_hora: string;
      ip_origem: string;
      ip_declarado: string | null;
      aceito: boolean;
      computer_id: string | null;
      device_token: string | null;
    };
    expect(row.aceito).toBe(true);
    // Given on the store computer: the consent names it by id; the token itself is stored nowhere.
    expect(row.device_token).toBeNull();
    expect(row.computer_id).toBe(unwrap(await (await as('admin')).from('authorized_computers').select('id').eq('unit_id', unitId).single()).id);
    expect(row.ip_declarado).toBeNull();
    expect(Math.abs(new Date(row.data_hora).getTime() - before)).toBeLessThan(5_000);
    // The address the gateway saw: in this harness each client is a device with its own address.
    expect(row.ip_origem).toMatch(/^2001:db8::[0-9a-f]+:[0-9a-f]+$/);
    // No direct writes at all; no edits or deletions, by the owner, the service role or the database owner.
    expect((await clerk.from('consentimentos_lgpd').insert({ funcionario_id: randomUUID(), aceito: true, versao_termo_id: termId, data_hora: '2000-01-01' }).select()).error?.code).toBe('42501');
    expect((await clerk.from('consentimentos_lgpd').update({ aceito: false }).eq('id', row.id).select()).error?.code).toBe('42501');
    const service = serviceClient(backend);
    expect((await service.from('consentimentos_lgpd').update({ aceito: false }).eq('id', row.id).select()).error?.message).toBe(IMMUTABLE);
    expect((await service.from('consentimentos_lgpd').delete().eq('id', row.id).select()).error?.message).toBe(IMMUTABLE);
    const db = await sql(backend);
    try {
      await expect(db.query('delete from public.consentimentos_lgpd where id = $1', [row.id])).rejects.toThrow(IMMUTABLE);
    } finally {
      await db.end();
    }
  });

  it('a PUNCH_VIEW_OWN user reads only their own consents; an old version cannot be accepted', async () => {
    const norte = await as('balconista2');
    unwrap(await norte.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: false }));
    const seen = unwrap(await norte.from('consentimentos_lgpd').select('funcionario_id'));
    const { data: me } = await norte.auth.getUser();
    expect(new Set(seen.map((row) => row.funcionario_id))).toEqual(new Set([me.user!.id]));
    const stale = await norte.rpc('record_lgpd_consent', { p_versao_termo_id: randomUUID(), p_aceito: true });
    expect(stale.error?.message).toBe('Esta versão do termo não está mais ativa; leia a versão atual');
  });
});

describe('authorized computers', () => {
  it('only ADMIN authorizes; the database keeps the hash of the token, never the token', async () => {
    const clerk = await as('balconista');
    expect((await clerk.rpc('authorize_computer', { p_name: 'Meu notebook', p_unit_id: unitId })).error?.code).toBe('42501');
    expect(unwrap(await clerk.from('authorized_computers').select('id'))).toEqual([]);
    const admin = await as('admin');
    const rows = unwrap(await admin.from('authorized_computers').select('token_hash').eq('unit_id', unitId));
    expect(rows).toEqual([{ token_hash: sha256(deviceToken) }]);
  });

  it('names are checked before writing: blank or longer than 80 characters is refused with a message, never the row', async () => {
    const admin = await as('admin');
    for (const [name, message] of [
      ['   ', 'Informe o nome do computador'],
      ['C'.repeat(81), 'O nome do computador deve ter no máximo 80 caracteres'],
    ] as const) {
      const created = await admin.rpc('authorize_computer', { p_name: name, p_unit_id: unitId });
      expect(created.error?.message).toBe(message);
      expect(created.error?.details ?? '').not.toContain('Failing row');
    }
    expect((await admin.rpc('authorize_computer', { p_name: 'Caixa', p_unit_id: null as unknown as string })).error?.message).toBe('Unidade não encontrada');
    // Exactly 80 characters (spaces around are trimmed) is fine.
    const longest = unwrap(await admin.rpc('authorize_computer', { p_name: `  ${'C'.repeat(80)}  `, p_unit_id: unitId })) as { id: string };
    const stored = unwrap(await admin.from('authorized_computers').select('name').eq('id', longest.id).single());
    expect(stored.name).toBe('C'.repeat(80));
    unwrap(await admin.from('authorized_computers').update({ revoked_at: new Date().toISOString() }).eq('id', longest.id).select('id'));
  });
});

describe('register_punch', () => {
  it('refuses without consent, from an unknown or revoked computer, and without the permission', async () => {
    const norte = await as('balconista2'); // refused the term above
    expect((await norte.rpc('register_punch', { p_device_token: deviceToken })).error?.message).toBe('É preciso aceitar o termo LGPD antes de registrar ponto.');
    const clerk = await as('balconista');
    expect((await clerk.rpc('register_punch', { p_device_token: 'nao-autorizado' })).error?.message).toBe('Este computador não está autorizado para registrar ponto.');
    const rep = await as('representante');
    expect((await rep.rpc('register_punch', { p_device_token: deviceToken })).error?.message).toBe('Você não tem permissão para registrar ponto.');
  });

  it('stamps the server time; fifty parallel calls of one employee make one punch', async () => {
    const clerk = await as('balconista');
    const before = Date.now();
    // Parsed as the punch page parses them: the first receipt and its 49 repeats.
    const receipts = (await Promise.all(Array.from({ length: 50 }, () => clerk.rpc('register_punch', { p_device_token: deviceToken })))).map((result) => punchReceiptSchema.parse(unwrap(result)));
    expect(new Set(receipts.map((receipt) => receipt.id)).size).toBe(1);
    expect(receipts.filter((receipt) => !receipt.repeated)).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.punch_type).toBe('ENTRADA');
    expect(receipt?.unit_name).toBe(`Loja Ponto ${tag}`);
    // Nobody is assigned to this file's unit: the punch is stored all the same, and flagged.
    expect(receipt?.fora_da_unidade).toBe(true);
    expect(receipt?.ip_origem).toMatch(/^2001:db8::[0-9a-f]+:[0-9a-f]+$/);
    expect(Math.abs(new Date(receipt!.punched_at).getTime() - before)).toBeLessThan(5_000);
  });

  it('numbers the punches of a unit without gaps under parallel punches, each hash chained to the previous', async () => {
    // Everyone else accepts the term, then all punch at once at the same unit.
    const others = EMPLOYEES.filter((key) => key !== 'balconista' && key !== 'balconista2');
    for (const key of others) unwrap(await (await as(key)).rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: true }));
    const norte = await as('balconista2');
    unwrap(await norte.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: true }));
    await Promise.all([...others, 'balconista2' as const].map(async (key) => unwrap(await (await as(key)).rpc('register_punch', { p_device_token: deviceToken }))));

    const db = await sql(backend);
    try {
      const { rows } = await db.query<{ nsr: string; previous_hash: string | null; receipt_hash: string; funcionario_id: string; punch_type: string; stamp: string }>(
        `select nsr, previous_hash, receipt_hash, funcionario_id, punch_type,
                to_char(punched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp
           from public.pontos where unit_id = $1 order by nsr`,
        [unitId],
      );
      expect(rows.map((row) => Number(row.nsr))).toEqual([1, 2, 3, 4, 5]);
      let previous = '';
      for (const row of rows) {
        expect(row.previous_hash ?? '').toBe(previous);
        expect(row.receipt_hash).toBe(sha256([previous, unitId, row.nsr, row.funcionario_id, row.punch_type, row.stamp].join('|')));
        previous = row.receipt_hash;
      }
    } finally {
      await db.end();
    }
  });

  it('no role can change or delete a punch', async () => {
    const admin = await as('admin');
    const punch = unwrap(await admin.from('pontos').select('id').eq('unit_id', unitId).limit(1).single());
    expect((await admin.from('pontos').update({ punch_type: 'EXTRA' }).eq('id', punch.id).select()).error?.code).toBe('42501');
    const service = serviceClient(backend);
    expect((await service.from('pontos').update({ punched_at: '2000-01-01T00:00:00Z' }).eq('id', punch.id).select()).error?.message).toBe(IMMUTABLE);
    expect((await service.from('pontos').delete().eq('id', punch.id).select()).error?.message).toBe(IMMUTABLE);
    const db = await sql(backend);
    try {
      await expect(db.query('update public.pontos set nsr = nsr + 100 where id = $1', [punch.id])).rejects.toThrow(IMMUTABLE);
      await expect(db.query('truncate public.pontos')).rejects.toThrow(IMMUTABLE);
    } finally {
      await db.end();
    }
  });

  it('a PUNCH_VIEW_OWN user reads only their own punches', async () => {
    const clerk = await as('balconista');
    const { data: me } = await clerk.auth.getUser();
    const seen = unwrap(await clerk.from('pontos').select('funcionario_id'));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((row) => row.funcionario_id))).toEqual(new Set([me.user!.id]));
  });

  it("decides the day's next mark from the employee's last one: Entrada, Saída Almoço, Retorno Almoço, Saída Final, then extras", async () => {
    // A repeat within 60 s is the same punch, so a day's marks come from earlier minutes written
    // straight into the table (at a unit of their own, leaving this file's NSR chain alone); the
    // server then decides the mark that follows them, stamped with its own clock.
    const service = serviceClient(backend);
    const db = await sql(backend);
    const day: [string, string][] = [
      ['ENTRADA', '-5 minutes'],
      ['SAIDA_INTERVALO', '-4 minutes'],
      ['RETORNO_INTERVALO', '-3 minutes'],
      ['SAIDA_FINAL', '-2 minutes'],
    ];
    const expected = ['ENTRADA', 'SAIDA_INTERVALO', 'RETORNO_INTERVALO', 'SAIDA_FINAL', 'EXTRA'];
    try {
      const fixtureUnit = (await db.query<{ id: string }>(`insert into public.store_units (name) values ($1) returning id`, [`Loja Sequência ${tag}`])).rows[0]!.id;
      for (const [done, next] of expected.entries()) {
        const email = `${tag}-seq${done}@farmacia.test`;
        const created = await service.auth.admin.createUser({ email, password: 'Farmacia@2026', email_confirm: true, user_metadata: { full_name: `Sequência ${done}` } });
        const userId = created.data.user!.id;
        await db.query(`insert into public.user_roles (user_id, role_id) select $1, id from public.custom_roles where name = 'BALCONISTA'`, [userId]);
        for (const [index, [type, ago]] of day.slice(0, done).entries()) {
          await db.query(
            `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
             values ($1, $2, $3, $4, now() + $5::interval, (now() at time zone 'America/Sao_Paulo')::date, 'fixture')`,
            [userId, fixtureUnit, done * 10 + index + 1, type, ago],
          );
        }
        const employee = anonClient(backend);
        expect((await employee.auth.signInWithPassword({ email, password: 'Farmacia@2026' })).error).toBeNull();
        unwrap(await employee.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: true }));
        const before = Date.now();
        const receipt = punchReceiptSchema.parse(unwrap(await employee.rpc('register_punch', { p_device_token: deviceToken })));
        expect({ after: done, type: receipt.punch_type, repeated: receipt.repeated }).toEqual({ after: done, type: next, repeated: false });
        expect(Math.abs(new Date(receipt.punched_at).getTime() - before)).toBeLessThan(5_000);
      }
    } finally {
      await db.end();
    }
  });
});

describe('get_my_monthly_timesheet', () => {
  it("lists every day of the month with the caller's marks and today's worked and expected minutes", async () => {
    const clerk = await as('balconista');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const rows = unwrap(await clerk.rpc('get_my_monthly_timesheet', { p_month: today })) as { date: string; entrada: string | null; horas_trabalhadas_minutos: number; horas_esperadas_minutos: number }[];
    const [year, month] = today.split('-').map(Number) as [number, number];
    expect(rows).toHaveLength(new Date(Date.UTC(year, month, 0)).getUTCDate());
    const row = rows.find((r) => r.date === today);
    expect(row?.entrada).not.toBeNull();
    // Only the entry so far: an open interval counts nothing yet.
    expect(row?.horas_trabalhadas_minutos).toBe(0);
    // The day's expected minutes are expected_day's (schedule in force, holidays), the one source every screen uses.
    const clerkId = (await clerk.auth.getUser()).data.user!.id;
    const [expected] = unwrap(await clerk.rpc('expected_day', { p_user_id: clerkId, p_day: today })) as { expected_minutes: number }[];
    expect(row?.horas_esperadas_minutos).toBe(expected?.expected_minutes);
  });

  it('refuses a month outside a sane range with a clear message', async () => {
    const clerk = await as('balconista');
    const result = await clerk.rpc('get_my_monthly_timesheet', { p_month: '1900-01-01' });
    expect(result.error?.message).toBe('Mês inválido: escolha um mês entre 2000 e o próximo ano');
  });
});

describe('get_punch_computer', () => {
  it('tells the token holder the computer, its unit and whether they work there, before any punch; nothing for an unknown or revoked token', async () => {
    const clerk = await as('balconista');
    const computer = punchComputerSchema.parse(unwrap(await clerk.rpc('get_punch_computer', { p_device_token: deviceToken })));
    // Nobody is assigned to this file's unit: the screen warns before the punch, as the receipt flags it after.
    expect(computer).toEqual({ computer_name: `Caixa 1 ${tag}`, unit_id: unitId, unit_name: `Loja Ponto ${tag}`, assigned: false });
    expect(await clerk.rpc('get_punch_computer', { p_device_token: 'nao-autorizado' })).toMatchObject({ data: null, error: null });
    expect((await anonClient(backend).rpc('get_punch_computer', { p_device_token: deviceToken })).error).not.toBeNull();

    // Assigned through user_units, the same answer says so (the rule the punch's flag uses).
    const admin = await as('admin');
    const clerkId = (await clerk.auth.getUser()).data.user!.id;
    const db = await sql(backend);
    try {
      await db.query('insert into public.user_units (user_id, unit_id) values ($1, $2)', [clerkId, unitId]);
      expect(punchComputerSchema.parse(unwrap(await clerk.rpc('get_punch_computer', { p_device_token: deviceToken })))?.assigned).toBe(true);
    } finally {
      await db.query('delete from public.user_units where user_id = $1 and unit_id = $2', [clerkId, unitId]);
      await db.end();
    }

    const { id, device_token: token } = unwrap(await admin.rpc('authorize_computer', { p_name: `Revogado antes ${tag}`, p_unit_id: unitId })) as { id: string; device_token: string };
    unwrap(await admin.from('authorized_computers').update({ revoked_at: new Date().toISOString() }).eq('id', id).select('id'));
    expect(await clerk.rpc('get_punch_computer', { p_device_token: token })).toMatchObject({ data: null, error: null });
  });
});

describe('revoking a computer', () => {
  it('takes the server clock, is final, and the revoked browser can no longer punch', async () => {
    const admin = await as('admin');
    const { id, device_token: token } = unwrap(await admin.rpc('authorize_computer', { p_name: `Revogado ${tag}`, p_unit_id: unitId })) as { id: string; device_token: string };
    const before = Date.now();
    const revoked = unwrap(await admin.from('authorized_computers').update({ revoked_at: '2000-01-01T00:00:00Z' }).eq('id', id).select('revoked_at').single());
    expect(Math.abs(new Date(String(revoked.revoked_at)).getTime() - before)).toBeLessThan(5_000);
    const back = await admin.from('authorized_computers').update({ revoked_at: null }).eq('id', id).select();
    expect(back.error?.message).toBe('Um computador revogado não pode ser reativado; autorize-o novamente');
    expect((await (await as('compras')).rpc('register_punch', { p_device_token: token })).error?.message).toBe('Este computador não está autorizado para registrar ponto.');
  });
});

describe('get_my_monthly_timesheet on hand-computed days', () => {
  it('a night shift crossing midnight and the month boundary stays on the day it started (America/Sao_Paulo)', async () => {
    const service = serviceClient(backend);
    const email = `${tag}-noite@farmacia.test`;
    const created = await service.auth.admin.createUser({ email, password: 'Farmacia@2026', email_confirm: true, user_metadata: { full_name: 'Noturno' } });
    const userId = created.data.user!.id;
    const db = await sql(backend);
    try {
      // The journey the clock records for a shift from 31 Oct 22:00 to 1 Nov 07:00 (São Paulo, UTC−3), break 02:00–03:00,
      // plus an ordinary 1 Nov day shift of 6 h without a break.
      await db.query(
        `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
         select $1, $2, 900000 + n, t, at::timestamptz, d::date, 'fixture'
           from (values (1, 'ENTRADA', '2026-10-31T22:00:00-03:00', '2026-10-31'), (2, 'SAIDA_INTERVALO', '2026-11-01T02:00:00-03:00', '2026-10-31'),
                        (3, 'RETORNO_INTERVALO', '2026-11-01T03:00:00-03:00', '2026-10-31'), (4, 'SAIDA_FINAL', '2026-11-01T07:00:00-03:00', '2026-10-31'),
                        (5, 'ENTRADA', '2026-11-02T13:00:00-03:00', '2026-11-02'), (6, 'SAIDA_FINAL', '2026-11-02T19:15:00-03:00', '2026-11-02'),
                        (7, 'EXTRA', '2026-11-02T20:00:00-03:00', '2026-11-02')) v(n, t, at, d)`,
        [userId, unitId],
      );
    } finally {
      await db.end();
    }
    const night = anonClient(backend);
    await night.auth.signInWithPassword({ email, password: 'Farmacia@2026' });
    type Row = { date: string; entrada: string | null; saida_final: string | null; extras: string[]; horas_trabalhadas_minutos: number; horas_esperadas_minutos: number };
    const october = unwrap(await night.rpc('get_my_monthly_timesheet', { p_month: '2026-10-15' })) as Row[];
    expect(october).toHaveLength(31);
    const last = october.find((row) => row.date === '2026-10-31')!;
    // 22:00→02:00 and 03:00→07:00: eight hours; a Saturday, so nothing was expected.
    expect(last).toMatchObject({ horas_trabalhadas_minutos: 480, horas_esperadas_minutos: 0 });
    expect(new Date(last.saida_final!).toISOString()).toBe('2026-11-01T10:00:00.000Z');
    const november = unwrap(await night.rpc('get_my_monthly_timesheet', { p_month: '2026-11-01' })) as Row[];
    expect(november.find((row) => row.date === '2026-11-01')).toMatchObject({ entrada: null, horas_trabalhadas_minutos: 0 });
    // Monday 2 Nov is Finados (a national holiday): nothing expected (480 on the next Monday, an ordinary one). Three
    // marks by time (13:00, 19:15, 20:00): the first pair counts (6 h 15 min), the third waits for its pair, so the day is flagged.
    const monday = november.find((row) => row.date === '2026-11-02')! as Row & { retorno_intervalo: string | null; tipo_dia: string; sinalizacoes: string[] };
    expect(monday).toMatchObject({ horas_trabalhadas_minutos: 375, horas_esperadas_minutos: 0, tipo_dia: 'holiday', saida_final: null, extras: [] });
    expect(november.find((row) => row.date === '2026-11-09')).toMatchObject({ horas_esperadas_minutos: 480 });
    expect(new Date(monday.retorno_intervalo!).toISOString()).toBe('2026-11-02T23:00:00.000Z');
    expect(monday.sinalizacoes).toContain('marcacao_impar');
  });
});
