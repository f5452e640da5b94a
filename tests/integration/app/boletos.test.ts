/**
 * Boletos through supabase-js as the demo users: the database decodes and validates codes exactly
 * as the browser does, down to the defect it names (same vectors, random valid codes and every
 * single-digit change of them), no invalid code is stored by any path, units are isolated, money
 * moves only through the status RPCs, the history is written and immutable, the attachment bucket
 * follows its boleto, and the list and report compute what a hand count says. Writes go to a unit
 * of this file's own.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildArrecadacaoBarcode, buildBankBarcode, barcodeToLinha, modulo10, modulo11Bank, onlyDigits, parseBoletoCode } from '../../../src/features/boletos/code.ts';
import type { BoletoCodeDefect } from '../../../src/features/boletos/messages.ts';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = randomUUID().slice(0, 8);

let today = '';
let ownUnit = '';
let centro = '';
let norte = '';
let sul = '';
let alfa = '';
let beta = '';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The data of a storage-js result, or its error thrown. */
function stored<T>(result: { data: T; error: unknown }): NonNullable<T> {
  if (result.error) throw result.error as Error;
  return result.data as NonNullable<T>;
}

let serial = 0;
/** A valid bank barcode unique to this run. */
function bankCode(bank: string, due: string, cents: number): string {
  serial += 1;
  const free = `${tag.replace(/[^0-9]/g, '7').padEnd(8, '3').slice(0, 8)}${String(serial).padStart(6, '0')}${String(Date.now()).slice(-11)}`;
  return buildBankBarcode({ bankCode: bank, dueDate: due, amountCents: cents, freeField: free.slice(0, 25) });
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    today = (await db.query<{ d: string }>("select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as d")).rows[0]!.d;
  } finally {
    await db.end();
  }
  const admin = await as('admin');
  ownUnit = unwrap(await admin.from('store_units').insert({ name: `Loja Boletos ${tag}` }).select('id').single()).id;
  const units = unwrap(await admin.from('store_units').select('id, name'));
  centro = units.find((u) => u.name === 'Unidade Centro')!.id;
  norte = units.find((u) => u.name === 'Unidade Norte')!.id;
  sul = units.find((u) => u.name === 'Unidade Sul')!.id;
  const suppliers = unwrap(await admin.from('suppliers').select('id, name'));
  alfa = suppliers.find((s) => s.name === 'Distribuidora Alfa')!.id;
  beta = suppliers.find((s) => s.name === 'Distribuidora Beta')!.id;
});

/** decode_boleto as the clerk: the result, or the database's message. */
async function decodeInDatabase(code: string): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string }> {
  const clerk = await as('balconista');
  const { data, error } = await clerk.rpc('decode_boleto', { p_code: code });
  return error ? { ok: false, message: error.message } : { ok: true, value: data as Record<string, unknown> };
}

/**
 * The database's own words for each defect a code can have (decode_boleto and the write triggers
 * raise them, for API callers); the browser words the same defect for the clerk (boletoCodeMessages).
 * The two must agree on the defect, and a wrong length on the count of digits.
 */
const DATABASE_DEFECTS: Readonly<Record<string, Exclude<BoletoCodeDefect, 'length'>>> = {
  'Informe o código de barras ou a linha digitável.': 'empty',
  'O código deve conter apenas números.': 'notDigits',
  'Campo 1 da linha digitável inválido': 'field1',
  'Campo 2 da linha digitável inválido': 'field2',
  'Campo 3 da linha digitável inválido': 'field3',
  'Dígito verificador geral inválido': 'generalDv',
  'Moeda inválida: apenas boletos em real (9) são aceitos.': 'currency',
  'Identificador de valor inválido (3º dígito deve ser 6, 7, 8 ou 9).': 'valueId',
  'Bloco 1 da linha digitável inválido': 'block1',
  'Bloco 2 da linha digitável inválido': 'block2',
  'Bloco 3 da linha digitável inválido': 'block3',
  'Bloco 4 da linha digitável inválido': 'block4',
};

/** The defect a database refusal names ('length:43' for a wrong length), or the unknown message itself. */
function databaseDefect(message: string): string {
  const length = /^O código tem (\d+) dígitos; esperado 44 \(código de barras\), 47 \(linha digitável bancária\) ou 48 \(arrecadação\)\.$/.exec(message);
  return length ? `length:${length[1]}` : (DATABASE_DEFECTS[message] ?? message);
}

/** A database answer as the browser's is compared with it: the decoded value, or the defect. */
function databaseView(result: { ok: true; value: unknown } | { ok: false; message: string }) {
  return result.ok ? result : { ok: false as const, defect: databaseDefect(result.message) };
}

function browserView(code: string, day: string) {
  const parsed = parseBoletoCode(code, day);
  if (!parsed.ok) return { ok: false as const, defect: parsed.defect === 'length' ? `length:${onlyDigits(code).length}` : parsed.defect };
  const v = parsed.value;
  return {
    ok: true as const,
    value: { kind: v.kind, barcode: v.barcode, linha_digitavel: v.linhaDigitavel, bank_code: v.bankCode, amount: v.amount, due_date: v.dueDate },
  };
}

describe('decode_boleto agrees with the browser parser', () => {
  it('on the domain vectors (Santander linha, post-reset bank code, arrecadação) and their refusals', async () => {
    const vectors = [
      '03399161400700000191281556001014411370000038936',
      '03394113700000389369161407000001918155600101',
      '34191091233456781234156789012301910160000012345',
      '34199101600000123451091234567812345678901230',
      '836900000016623201232021503100000002000123456782',
      '83690000001623201232025031000000000012345678',
      '03399.16140 07000.001912 81556.001014 4 11370000038936',
      // Field 2 altered, general DV altered, block 4 altered, letters, wrong length, empty.
      '03399161400700000191281556001014411370000038936'.replace(/^(.{12})./, '$19'),
      '03399161400700000191281556001014411370000038936'.replace(/^(.{32})./, '$17'),
      '836900000016623201232021503100000002000123456783',
      '0339916140070000019128155600101441137000003893A',
      '123',
      '   ',
    ];
    for (const code of vectors) {
      const database = databaseView(await decodeInDatabase(code));
      const browser = browserView(code, today);
      expect({ code, ...database }).toEqual({ code, ...browser });
    }
    const santander = await decodeInDatabase(vectors[0]!);
    expect(santander).toMatchObject({ ok: true, value: { barcode: '03394113700000389369161407000001918155600101', amount: 389.36, bank_code: '033' } });
    expect(await decodeInDatabase(vectors[7]!)).toEqual({ ok: false, message: 'Campo 2 da linha digitável inválido' });
    expect(await decodeInDatabase(vectors[8]!)).toEqual({ ok: false, message: 'Dígito verificador geral inválido' });
  });

  it('on random valid codes of both kinds and on every single-digit change of them', async () => {
    const codes = fc.sample(
      fc.oneof(
        fc.record({
          bank: fc.integer({ min: 1, max: 799 }).map((n) => String(n).padStart(3, '0')),
          due: fc.integer({ min: 0, max: 17_000 }).map((d) => addDays('2000-07-03', d)),
          cents: fc.integer({ min: 1, max: 9_999_999_999 }),
          free: fc.stringMatching(/^[0-9]{25}$/),
        }).map((r) => buildBankBarcode({ bankCode: r.bank, dueDate: r.due, amountCents: r.cents, freeField: r.free })),
        fc.record({
          segment: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9),
          valueId: fc.constantFrom(6 as const, 7 as const, 8 as const, 9 as const),
          amountCents: fc.integer({ min: 1, max: 99_999_999_999 }),
          rest: fc.stringMatching(/^[0-9]{29}$/),
        }).map((r) => buildArrecadacaoBarcode(r)),
      ),
      { numRuns: 12, seed: 20261125 },
    );
    const cases: string[] = [];
    for (const barcode of codes) {
      const linha = barcodeToLinha(barcode);
      cases.push(barcode, linha);
      for (const code of [barcode, linha]) {
        for (const position of [0, 4, 9, 15, 23, 31, 40, code.length - 1]) {
          const digit = String((Number(code[position]) + 3) % 10);
          cases.push(code.slice(0, position) + digit + code.slice(position + 1));
        }
      }
    }
    const clerk = await as('balconista');
    for (const code of cases) {
      const { data, error } = await clerk.rpc('decode_boleto', { p_code: code });
      const database = databaseView(error ? { ok: false, message: error.message } : { ok: true, value: data });
      expect({ code, ...database }).toEqual({ code, ...browserView(code, today) });
    }
  });

  it('takes the due-date candidate closest to today across the factor reset of 22/02/2025', async () => {
    const db = await sql(backend);
    try {
      const { rows } = await db.query<Record<string, string>>(
        `select private.boleto_due_date(9999, '2025-02-21')::text as a, private.boleto_due_date(1000, '2025-02-20')::text as b,
                private.boleto_due_date(1000, '2001-01-01')::text as c, private.boleto_due_date(1016, '2026-11-25')::text as d,
                private.boleto_due_factor('2025-02-21') as e, private.boleto_due_factor('2025-02-22') as f`,
      );
      expect(rows[0]).toEqual({ a: '2025-02-21', b: '2025-02-22', c: '2000-07-03', d: '2025-03-10', e: 9999, f: 1000 });
    } finally {
      await db.end();
    }
  });
});

describe('decode_boleto and the browser give one answer on any input (FEBRABAN rules)', () => {
  /** What a paste or a scanner may put between digits, and what is never allowed. */
  const SEPARATORS = [' ', '.', '-', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'];
  const INVALID = ['a', 'O', '/', ',', '_', '\u0663', '\u00b2', '\u200b', '+'];

  /** decode_boleto over many inputs in one statement: each result, or the refusal's message. */
  async function decodeAllInDatabase(codes: string[]): Promise<({ ok: true; value: unknown } | { ok: false; message: string })[]> {
    const db = await sql(backend);
    try {
      await db.query(`create function pg_temp.try_decode(p text) returns jsonb language plpgsql as $f$
        begin return jsonb_build_object('ok', true, 'value', public.decode_boleto(p));
        exception when invalid_parameter_value then return jsonb_build_object('ok', false, 'message', sqlerrm); end $f$`);
      const { rows } = await db.query<{ r: { ok: true; value: Record<string, unknown> } | { ok: false; message: string } }>(
        'select pg_temp.try_decode(c) as r from unnest($1::text[]) with ordinality as t(c, n) order by n',
        [codes],
      );
      return rows.map(({ r }) => (r.ok ? { ok: true, value: { ...r.value, amount: r.value.amount === null ? null : Number(r.value.amount) } } : r));
    } finally {
      await db.end();
    }
  }

  const withSeparators = (digits: string, picks: number[]) => {
    let out = '';
    for (let i = 0; i < digits.length; i++) {
      const pick = picks[i % picks.length]!;
      out += digits[i]! + (pick < SEPARATORS.length ? SEPARATORS[pick]! : '');
    }
    return out;
  };

  it('agrees on random inputs of every length 0–60, with and without separators, and on valid codes built to the limits', async () => {
    const random = fc.sample(
      fc.record({
        length: fc.integer({ min: 0, max: 60 }),
        lead: fc.constantFrom('', '0', '3', '8', '83', '84', '85', '86', '89'),
        digits: fc.stringMatching(/^[0-9]{60}$/),
        picks: fc.array(fc.integer({ min: 0, max: 3 * SEPARATORS.length }), { minLength: 1, maxLength: 8 }),
        separated: fc.boolean(),
        invalid: fc.option(fc.tuple(fc.constantFrom(...INVALID), fc.nat()), { freq: 6 }),
      }),
      { numRuns: 700, seed: 2026112621 },
    ).map(({ length, lead, digits, picks, separated, invalid }) => {
      const body = (lead + digits).slice(0, length);
      let code = separated ? withSeparators(body, picks) : body;
      if (invalid) code = code.slice(0, invalid[1] % (code.length + 1)) + invalid[0] + code.slice(invalid[1] % (code.length + 1));
      return code;
    });
    // Codes that pass every check digit: zero amounts, factor 0000 and factors below 1000, arrecadação of
    // every identifier, and 47-digit linhas that start with 8 (their fields' digits made right).
    const valid = fc.sample(
      fc.oneof(
        fc.record({
          bank: fc.integer({ min: 1, max: 799 }).map((n) => String(n).padStart(3, '0')),
          factor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1000, max: 9999 })),
          cents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9_999_999_999 })),
          free: fc.stringMatching(/^[0-9]{25}$/),
        }).map((r) => {
          const withoutDv = `${r.bank}9${String(r.factor).padStart(4, '0')}${String(r.cents).padStart(10, '0')}${r.free}`;
          return withoutDv.slice(0, 4) + String(modulo11Bank(withoutDv)) + withoutDv.slice(4);
        }),
        fc.record({
          segment: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9),
          valueId: fc.constantFrom(6 as const, 7 as const, 8 as const, 9 as const),
          amountCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99_999_999_999 })),
          rest: fc.stringMatching(/^[0-9]{29}$/),
        }).map((r) => buildArrecadacaoBarcode(r)),
      ),
      { numRuns: 120, seed: 2026112622 },
    ).flatMap((barcode, i) => {
      const linha = barcodeToLinha(barcode);
      return [barcode, i % 2 === 0 ? withSeparators(linha, [0, 9, 1]) : linha];
    });
    const eights = fc.sample(fc.stringMatching(/^8[0-9]{46}$/), { numRuns: 60, seed: 2026112623 }).map((raw) => {
      const l = raw.split('');
      for (const [start, end] of [[0, 9], [10, 20], [21, 31]] as const) l[end] = String(modulo10(l.slice(start, end).join('')));
      return l.join('');
    });
    const edge = ['', '...', ' - . ', '\u00a0', '\ufeff', '-', '0', '8'.repeat(47), '8'.repeat(48), '.'.repeat(60)];
    const codes = [...edge, ...random, ...valid, ...eights];
    const database = await decodeAllInDatabase(codes);
    const disagreements = codes
      .map((code, i) => ({ code, database: databaseView(database[i]!), browser: browserView(code, today) }))
      .filter(({ database: d, browser: b }) => !isDeepStrictEqual(d, b));
    expect(disagreements).toEqual([]);
    // The samples reach every outcome, not only refusals.
    const outcomes = new Set(database.map((r) => (r.ok ? `ok:${(r.value as { kind: string }).kind}` : r.message.replace(/\d+ dígitos/, 'N dígitos'))));
    for (const outcome of ['ok:BANCARIO', 'ok:ARRECADACAO', 'Informe o código de barras ou a linha digitável.', 'O código deve conter apenas números.', 'Campo 1 da linha digitável inválido', 'Bloco 1 da linha digitável inválido', 'Dígito verificador geral inválido']) {
      expect(outcomes).toContain(outcome);
    }
    expect(database.filter((r) => r.ok && (r.value as { amount: number | null }).amount === 0).length).toBeGreaterThan(0);
  });

  it('reads the FEBRABAN cases the decoder used to get wrong: zero amount, factor 0000, 47 digits from 8, separators only', async () => {
    const zero = buildBankBarcode({ bankCode: '237', dueDate: addDays(today, 20), amountCents: 0, freeField: '4'.repeat(25) });
    const noDue = buildBankBarcode({ bankCode: '237', dueDate: null, amountCents: 5000, freeField: '5'.repeat(25) });
    const [z, n, dots] = await decodeAllInDatabase([barcodeToLinha(zero), noDue, '...']);
    expect(z).toEqual({ ok: true, value: expect.objectContaining({ kind: 'BANCARIO', amount: 0, due_date: addDays(today, 20) }) });
    expect(n).toEqual({ ok: true, value: expect.objectContaining({ amount: 50, due_date: null }) });
    expect(dots).toEqual({ ok: false, message: 'Informe o código de barras ou a linha digitável.' });

    // A code without amount is entered with the amount the user types (the code keeps its zero).
    const clerk = await as('balconista');
    const refused = await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: zero, amount: 0, due_date: addDays(today, 20) });
    expect(refused.error?.message).toBe('Valor: informe um valor maior que zero e de no máximo R$ 99.999.999,99');
    const row = unwrap(await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: zero, amount: 1234.56, due_date: addDays(today, 20) })
      .select('id, amount, barcode').single());
    expect(row).toMatchObject({ amount: 1234.56, barcode: zero });
    expect((await clerk.rpc('decode_boleto', { p_code: row.barcode })).data).toMatchObject({ amount: 0 });
    // The amount stays editable while pending; a coded amount still cannot be changed.
    expect((await clerk.from('boletos').update({ amount: 1300 }).eq('id', row.id)).error).toBeNull();
    const coded = unwrap(await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: noDue, amount: 50, due_date: addDays(today, 20) }).select('id').single());
    expect((await clerk.from('boletos').update({ amount: 51 }).eq('id', coded.id)).error?.message).toBe('O valor informado difere do valor do código (R$ 50,00)');
    const db = await sql(backend);
    try {
      // The check constraint follows: a coded amount must match even for the database owner.
      await db.query('alter table public.boletos disable trigger boletos_before_write');
      await expect(db.query('update public.boletos set amount = 51 where id = $1', [coded.id])).rejects.toThrow(/boletos_amount_matches_code/);
      await db.query('update public.boletos set amount = 77 where id = $1', [row.id]);
    } finally {
      await db.query('alter table public.boletos enable trigger boletos_before_write');
      await db.end();
    }
  });
});

describe('no invalid code is stored, by any path', () => {
  it('refuses a wrong digit, a wrong length or letters through the REST API for every role, naming the field', async () => {
    const good = bankCode('341', addDays(today, 10), 12345);
    const wrongDv = good.slice(0, 4) + String((Number(good[4]) + 1) % 10) + good.slice(5);
    const attempts: [string, string][] = [
      [wrongDv, 'Dígito verificador geral inválido'],
      [good.slice(0, 43), 'O código de barras deve ter 44 dígitos numéricos.'],
      [`${good.slice(0, 43)}A`, 'O código de barras deve ter 44 dígitos numéricos.'],
      [barcodeToLinha(good), 'O código de barras deve ter 44 dígitos numéricos.'],
    ];
    for (const client of [await as('admin'), await as('balconista'), serviceClient(backend)]) {
      for (const [barcode, message] of attempts) {
        const { error } = await client.from('boletos').insert({
          unit_id: centro, supplier_id: alfa, barcode, amount: 123.45, due_date: addDays(today, 10),
        } as never);
        expect(error?.message, barcode).toBe(message);
      }
    }
    // Not through an update either, and not even as the database owner (the check constraint).
    const clerk = await as('balconista');
    const id = unwrap(await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: good, amount: 123.45, due_date: addDays(today, 10) }).select('id').single()).id;
    const update = await clerk.from('boletos').update({ barcode: wrongDv }).eq('id', id);
    expect(update.error?.message).toBe('Dígito verificador geral inválido');
    const db = await sql(backend);
    try {
      await db.query('alter table public.boletos disable trigger boletos_before_write');
      await expect(db.query('update public.boletos set barcode = $1 where id = $2', [wrongDv, id])).rejects.toThrow(/boletos_barcode_valid/);
    } finally {
      await db.query('alter table public.boletos enable trigger boletos_before_write');
      await db.end();
    }
    expect(unwrap(await clerk.from('boletos').select('barcode').eq('id', id).single()).barcode).toBe(good);
  });

  it('derives linha, kind and bank from the code and keeps the amount the code carries', async () => {
    const clerk = await as('balconista');
    const code = bankCode('237', addDays(today, 5), 98765);
    // The derived columns cannot even be named by a user (no grant) …
    const forged = await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: beta, barcode: code, amount: 987.65, due_date: addDays(today, 5), kind: 'ARRECADACAO', bank_code: '999',
    } as never);
    expect(forged.error?.code).toBe('42501');
    // … and the database fills them.
    const row = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: beta, barcode: code, amount: 987.65, due_date: addDays(today, 5),
    }).select('linha_digitavel, kind, bank_code, status, created_by, alerts').single());
    const { data: me } = await clerk.auth.getUser();
    expect(row).toMatchObject({ linha_digitavel: barcodeToLinha(code), kind: 'BANCARIO', bank_code: '237', status: 'PENDENTE', created_by: me.user?.id });
    const differs = await clerk.from('boletos').insert({ unit_id: centro, supplier_id: beta, barcode: bankCode('237', today, 5000), amount: 49.99, due_date: today });
    expect(differs.error?.message).toBe('O valor informado difere do valor do código (R$ 50,00)');
    const forgedStatus = await clerk.from('boletos').insert({ unit_id: centro, supplier_id: beta, barcode: bankCode('237', today, 5000), amount: 50, due_date: today, status: 'PAGO' } as never);
    expect(forgedStatus.error?.code).toBe('42501');
    const arrecadacao = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, beneficiary: 'Companhia de Saneamento', barcode: buildArrecadacaoBarcode({ segment: 2, valueId: 7, amountCents: 0, rest: `${serial}`.padStart(29, '5') }),
      amount: 88.9, due_date: addDays(today, 3),
    }).select('kind, bank_code, amount').single());
    expect(arrecadacao).toEqual({ kind: 'ARRECADACAO', bank_code: null, amount: 88.9 });
    // Every other field is checked by the database too, named in Portuguese.
    const reference = (amount: number, extra: Record<string, unknown> = {}) => ({
      unit_id: centro, supplier_id: beta, barcode: buildArrecadacaoBarcode({ segment: 2, valueId: 7, amountCents: 0, rest: `${serial++}`.padStart(29, '6') }),
      amount, due_date: addDays(today, 3), ...extra,
    });
    const refusals: [Record<string, unknown>, string][] = [
      [reference(0), 'Valor: informe um valor maior que zero e de no máximo R$ 99.999.999,99'],
      [reference(100_000_000), 'Valor: informe um valor maior que zero e de no máximo R$ 99.999.999,99'],
      [reference(10, { due_date: '1999-12-31' }), 'Vencimento: informe uma data entre 01/01/2000 e 31/12/2100'],
      [reference(10, { issue_date: addDays(today, 4) }), 'Data de emissão: deve ser anterior ou igual ao vencimento'],
      [reference(10, { supplier_id: null, beneficiary: '  ' }), 'Fornecedor: escolha um fornecedor ou informe o beneficiário'],
      [reference(10, { notes: 'x'.repeat(1001) }), 'Observações: no máximo 1000 caracteres'],
    ];
    for (const [row, message] of refusals) {
      const { error } = await clerk.from('boletos').insert(row as never);
      expect(error?.message).toBe(message);
    }
  });
});

describe('unit isolation', () => {
  it('each user sees and enters the boletos of their own units only; others see nothing', async () => {
    const visibleUnits = async (key: 'balconista' | 'analista' | 'compras' | 'representante' | 'farmaceutico') =>
      new Set(unwrap(await (await as(key)).from('boletos').select('unit_id')).map((r) => r.unit_id));
    expect(await visibleUnits('balconista')).toEqual(new Set([centro, norte]));
    expect(await visibleUnits('analista')).toEqual(new Set([norte]));
    for (const key of ['compras', 'representante', 'farmaceutico'] as const) expect(await visibleUnits(key)).toEqual(new Set());
    expect((await anonClient(backend).from('boletos').select('id')).error?.code).toBe('42501');

    const analyst = await as('analista');
    const refused = await analyst.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: bankCode('341', today, 1000), amount: 10, due_date: today });
    expect(refused.error?.code).toBe('42501');
    const sulRow = unwrap(await (await as('admin')).from('boletos').select('id').eq('unit_id', sul).limit(1).single());
    const clerk = await as('balconista');
    expect(unwrap(await clerk.from('boletos').update({ notes: 'x' }).eq('id', sulRow.id).select())).toEqual([]);
    for (const rpc of [
      clerk.rpc('mark_boletos_paid', { p_ids: [sulRow.id], p_paid_at: today }),
      clerk.rpc('cancel_boleto', { p_id: sulRow.id, p_reason: 'tentativa' }),
      clerk.rpc('delete_boleto', { p_id: sulRow.id, p_reason: 'tentativa' }),
    ]) {
      expect((await rpc).error?.message).toBe('Boleto não encontrado ou sem permissão');
    }
    expect(unwrap(await clerk.rpc('get_boleto_history', { p_boleto_id: sulRow.id }))).toEqual([]);
    const compras = await as('compras');
    expect((await compras.rpc('list_boletos', {})).data).toMatchObject({ total: 0 });
    expect((await compras.rpc('get_boletos_report', {})).error?.code).toBe('42501');
    expect((await clerk.rpc('get_boletos_report', {})).error?.message).toBe('Sem permissão para o relatório de boletos');
    expect((await anonClient(backend).rpc('list_boletos', {})).error).not.toBeNull();
  });
});

describe('status, payment and history', () => {
  it('pays, freezes a paid boleto, lets only ADMIN undo it with a reason, and records every change immutably', async () => {
    const admin = await as('admin');
    const clerk = await as('balconista');
    const id = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: alfa, barcode: bankCode('341', addDays(today, 2), 45000), amount: 450, due_date: addDays(today, 2),
    }).select('id').single()).id;

    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: addDays(today, 1) })).error?.message).toBe('A data do pagamento não pode ser futura');
    expect(unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: today, p_payment_account: 'Itaú c/c 1234', p_paid_amount: 452.3 }))).toBe(1);
    expect(unwrap(await clerk.from('boletos').select('status, paid_at, paid_amount, payment_account').eq('id', id).single()))
      .toEqual({ status: 'PAGO', paid_at: today, paid_amount: 452.3, payment_account: 'Itaú c/c 1234' });

    expect((await clerk.from('boletos').update({ notes: 'depois de pago' }).eq('id', id)).error?.message)
      .toBe('Boleto pago não pode ser alterado; apenas um administrador pode desfazer o pagamento');
    expect((await clerk.rpc('delete_boleto', { p_id: id, p_reason: 'engano' })).error?.message).toBe('Boleto pago não pode ser excluído');
    expect((await admin.rpc('delete_boleto', { p_id: id, p_reason: 'engano' })).error?.message).toBe('Boleto pago não pode ser excluído');
    expect((await clerk.from('boletos').delete().eq('id', id)).error?.code).toBe('42501');
    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: today })).error?.message).toBe('Apenas boletos pendentes podem ser pagos (há um boleto pago)');
    expect((await clerk.rpc('reopen_boleto', { p_id: id, p_reason: 'pago em duplicidade' })).error?.message)
      .toBe('Apenas um administrador pode desfazer o pagamento ou o cancelamento de um boleto');
    expect((await admin.rpc('reopen_boleto', { p_id: id, p_reason: ' ' })).error?.message).toBe('Informe o motivo (mínimo de 3 caracteres)');
    expect((await admin.rpc('reopen_boleto', { p_id: id, p_reason: 'Pagamento estornado pelo banco' })).error).toBeNull();
    expect((await clerk.rpc('cancel_boleto', { p_id: id, p_reason: '' })).error?.message).toBe('Informe o motivo (mínimo de 3 caracteres)');
    expect((await clerk.rpc('cancel_boleto', { p_id: id, p_reason: 'Reemitido pelo fornecedor' })).error).toBeNull();
    expect((await clerk.from('boletos').update({ notes: 'x' }).eq('id', id)).error?.message).toBe('Boleto cancelado não pode ser alterado');

    const history = unwrap(await clerk.rpc('get_boleto_history', { p_boleto_id: id })) as { from_status: string | null; to_status: string; reason: string | null; changed_by_name: string }[];
    expect(history.map((h) => [h.from_status, h.to_status, h.reason, h.changed_by_name])).toEqual([
      [null, 'PENDENTE', null, 'Bruno Balconista'],
      ['PENDENTE', 'PAGO', null, 'Bruno Balconista'],
      ['PAGO', 'PENDENTE', 'Pagamento estornado pelo banco', 'Ana Administradora'],
      ['PENDENTE', 'CANCELADO', 'Reemitido pelo fornecedor', 'Bruno Balconista'],
    ]);

    const immutable = 'O histórico de boletos não pode ser alterado nem excluído';
    // Users have no write grant at all; the service role and the owner meet the trigger.
    expect((await admin.from('boleto_status_history').update({ reason: 'apagado' }).eq('boleto_id', id)).error?.code).toBe('42501');
    expect((await admin.from('boleto_status_history').delete().eq('boleto_id', id)).error?.code).toBe('42501');
    expect((await serviceClient(backend).from('boleto_status_history').update({ reason: 'apagado' }).eq('boleto_id', id)).error?.message).toBe(immutable);
    expect((await serviceClient(backend).from('boleto_status_history').delete().eq('boleto_id', id)).error?.message).toBe(immutable);
    const db = await sql(backend);
    try {
      await expect(db.query('delete from public.boleto_status_history where boleto_id = $1', [id])).rejects.toThrow(immutable);
      await expect(db.query('truncate public.boleto_status_history')).rejects.toThrow(immutable);
    } finally {
      await db.end();
    }
    expect(unwrap(await admin.from('boleto_status_history').select('id').eq('boleto_id', id))).toHaveLength(4);
  });

  it('deletes a pending boleto entered by mistake, keeping its snapshot in the history', async () => {
    const clerk = await as('balconista');
    const id = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: beta, barcode: bankCode('237', addDays(today, 9), 777), amount: 7.77, due_date: addDays(today, 9),
    }).select('id').single()).id;
    expect((await clerk.rpc('delete_boleto', { p_id: id, p_reason: 'x' })).error?.message).toBe('Informe o motivo (mínimo de 3 caracteres)');
    expect((await clerk.rpc('delete_boleto', { p_id: id, p_reason: 'Lançado em duplicidade' })).error).toBeNull();
    expect(unwrap(await clerk.from('boletos').select('id').eq('id', id))).toEqual([]);
    const last = unwrap(await clerk.from('boleto_status_history').select('to_status, reason, snapshot').eq('boleto_id', id).eq('to_status', 'EXCLUIDO').single());
    expect(last).toMatchObject({ to_status: 'EXCLUIDO', reason: 'Lançado em duplicidade', snapshot: { id, amount: 7.77 } });
  });
});

describe('warnings: duplicates and a bank the supplier never used', () => {
  it('finds the same code anywhere in the chain, the same supplier/amount/due date in the unit, and a changed bank', async () => {
    const admin = await as('admin');
    const due = addDays(today, 15);
    const code = bankCode('341', due, 250000);
    unwrap(await admin.from('boletos').insert({ unit_id: sul, supplier_id: alfa, barcode: code, amount: 2500, due_date: due }).select('id'));
    const clerk = await as('balconista');
    const warnings = unwrap(await clerk.rpc('check_boleto_warnings', {
      p_barcode: barcodeToLinha(code), p_unit_id: centro, p_supplier_id: alfa, p_amount: 2500, p_due_date: due,
    })) as { same_code: { id: string | null; unit_name: string }[]; bank_differs: boolean; supplier_banks: string[] };
    // Another unit's boleto is named by unit only: its id is not revealed.
    expect(warnings.same_code).toEqual([expect.objectContaining({ id: null, unit_name: 'Unidade Sul', status: 'PENDENTE', amount: 2500 })]);
    expect(warnings.bank_differs).toBe(false);

    // The same code again needs a reason, and the refusal names the twin.
    const due_ = due.split('-').reverse().join('/');
    for (const reason of [undefined, '  ', 'ok']) {
      const refused = await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: code, amount: 2500, due_date: due, duplicate_reason: reason });
      expect(refused.error?.message).toBe(
        `Este código já foi lançado (pendente na Unidade Sul, vence em ${due_}, R$ 2.500,00): informe o motivo para lançá-lo de novo (mínimo de 3 caracteres)`,
      );
    }
    const again = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: alfa, barcode: code, amount: 2500, due_date: due, duplicate_reason: ' Segunda via pedida pelo fornecedor ',
    }).select('alerts, duplicate_reason').single());
    expect(again).toEqual({ alerts: ['CODIGO_DUPLICADO'], duplicate_reason: 'Segunda via pedida pelo fornecedor' });
    // A reason without a twin is not kept.
    const single = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: alfa, barcode: bankCode('341', due, 1234), amount: 12.34, due_date: due, duplicate_reason: 'sem gêmeo',
    }).select('duplicate_reason').single());
    expect(single.duplicate_reason).toBeNull();
    const twin = unwrap(await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: bankCode('341', due, 250000), amount: 2500, due_date: due }).select('alerts').single());
    expect(twin.alerts).toEqual(['POSSIVEL_DUPLICADO']);

    // Alfa's demo boletos come from 341 and (the seeded fraud case) 033; 756 is new to it.
    const otherBank = bankCode('756', due, 99900);
    const fraud = unwrap(await clerk.rpc('check_boleto_warnings', { p_barcode: otherBank, p_unit_id: centro, p_supplier_id: alfa, p_amount: 999, p_due_date: due })) as {
      bank_differs: boolean; bank_code: string; supplier_banks: string[];
    };
    expect(fraud).toMatchObject({ bank_differs: true, bank_code: '756' });
    expect(fraud.supplier_banks).toContain('341');
    expect(fraud.supplier_banks).not.toContain('756');
    expect((await clerk.rpc('check_boleto_warnings', { p_barcode: '123', p_unit_id: centro, p_supplier_id: alfa, p_amount: 1, p_due_date: due })).error?.message)
      .toBe('O código tem 3 dígitos; esperado 44 (código de barras), 47 (linha digitável bancária) ou 48 (arrecadação).');
  });
});

describe('a code paid twice', () => {
  it('names the paid twin at entry, asks a reason, asks a confirmation to pay again, and marks the pair in the list and the report', async () => {
    const admin = await as('admin');
    const clerk = await as('balconista');
    const due = addDays(today, 6);
    const code = bankCode('341', due, 81234);
    const first = unwrap(await admin.from('boletos').insert({ unit_id: sul, supplier_id: alfa, barcode: code, amount: 812.34, due_date: due, issue_date: addDays(today, -3) }).select('id').single()).id;
    unwrap(await admin.rpc('mark_boletos_paid', { p_ids: [first], p_paid_at: addDays(today, -1), p_paid_amount: 815 }));
    const paidOn = addDays(today, -1).split('-').reverse().join('/');
    const twinText = `já pago em ${paidOn}, Unidade Sul, R$ 815,00`;

    // At paste time the warning carries when, where and how much.
    const warnings = unwrap(await clerk.rpc('check_boleto_warnings', { p_barcode: code, p_unit_id: centro, p_supplier_id: alfa, p_amount: 812.34, p_due_date: due })) as {
      same_code: Record<string, unknown>[];
    };
    expect(warnings.same_code).toEqual([{ id: null, unit_name: 'Unidade Sul', status: 'PAGO', due_date: due, amount: 812.34, paid_at: addDays(today, -1), paid_amount: 815 }]);
    expect((await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode: code, amount: 812.34, due_date: due })).error?.message).toBe(
      `Este código já foi lançado (${twinText}): informe o motivo para lançá-lo de novo (mínimo de 3 caracteres)`,
    );
    const second = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: alfa, barcode: code, amount: 812.34, due_date: due, duplicate_reason: 'Fornecedor diz que não recebeu',
    }).select('id').single()).id;

    // Paying it again takes an explicit confirmation, and the history says it was confirmed.
    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [second], p_paid_at: today })).error?.message).toBe(
      `O boleto de R$ 812,34 tem o mesmo código de um boleto ${twinText}: confirme o pagamento em duplicidade`,
    );
    expect(unwrap(await clerk.from('boletos').select('status').eq('id', second).single()).status).toBe('PENDENTE');

    // The list marks the pair on both sides (the other unit's boleto named by unit, not id).
    const listed = unwrap(await clerk.rpc('list_boletos', { p_search: code })) as { rows: { id: string; twin: Record<string, unknown> | null; duplicate_reason: string | null }[] };
    expect(listed.rows).toEqual([expect.objectContaining({
      id: second, duplicate_reason: 'Fornecedor diz que não recebeu',
      twin: { id: null, unit_name: 'Unidade Sul', status: 'PAGO', due_date: due, amount: 812.34, paid_at: addDays(today, -1), paid_amount: 815 },
    })]);
    const mine = unwrap(await admin.rpc('list_boletos', { p_unit_id: sul, p_search: code })) as { rows: { twin: Record<string, unknown> | null }[] };
    expect(mine.rows[0]?.twin).toMatchObject({ id: second, status: 'PENDENTE', unit_name: 'Unidade Centro' });

    expect(unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [second], p_paid_at: today, p_confirm_paid_twin: true }))).toBe(1);
    const history = unwrap(await clerk.rpc('get_boleto_history', { p_boleto_id: second })) as { to_status: string; reason: string | null }[];
    expect(history.at(-1)).toMatchObject({ to_status: 'PAGO', reason: `Pagamento em duplicidade confirmado (mesmo código ${twinText})` });

    const report = unwrap(await admin.rpc('get_boletos_report', { p_paid_from: addDays(today, -1), p_paid_to: today })) as {
      duplicate_codes: { linha_digitavel: string; boletos: Record<string, unknown>[] }[];
    };
    const pair = report.duplicate_codes.find((d) => d.linha_digitavel === barcodeToLinha(code));
    expect(pair?.boletos).toEqual([
      expect.objectContaining({ id: first, status: 'PAGO', paid_amount: 815, unit_name: 'Unidade Sul' }),
      expect.objectContaining({ id: second, status: 'PAGO', paid_amount: 812.34, unit_name: 'Unidade Centro', duplicate_reason: 'Fornecedor diz que não recebeu' }),
    ]);
    // Within one unit the code was entered once: not a repeated code there.
    const oneUnit = unwrap(await admin.rpc('get_boletos_report', { p_unit_id: sul, p_paid_from: addDays(today, -1), p_paid_to: today })) as {
      duplicate_codes: { linha_digitavel: string }[];
    };
    expect(oneUnit.duplicate_codes.find((d) => d.linha_digitavel === barcodeToLinha(code))).toBeUndefined();
  });
});

describe('list and report', () => {
  it('filters, pages and derives the situation in São Paulo; the report totals match a hand count', async () => {
    const admin = await as('admin');
    const rows: [number, number, 'PENDENTE' | 'PAGO' | 'CANCELADO'][] = [
      [0, 10000, 'PENDENTE'], [3, 20000, 'PENDENTE'], [7, 30000, 'PENDENTE'], [8, 40000, 'PENDENTE'], [25, 50000, 'PENDENTE'],
      [-1, 11000, 'PENDENTE'], [-7, 12000, 'PENDENTE'], [-8, 13000, 'PENDENTE'], [-30, 14000, 'PENDENTE'], [-31, 15000, 'PENDENTE'],
      [-2, 16000, 'PAGO'], [5, 17000, 'CANCELADO'],
    ];
    const barcodes: string[] = [];
    for (const [offset, cents, status] of rows) {
      const due = addDays(today, offset);
      barcodes.push(bankCode('237', due, cents));
      const id = unwrap(await admin.from('boletos').insert({ unit_id: ownUnit, supplier_id: beta, barcode: barcodes.at(-1)!, amount: cents / 100, due_date: due, document_number: `R-${tag}-${offset}` }).select('id').single()).id;
      if (status === 'PAGO') unwrap(await admin.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: today }));
      if (status === 'CANCELADO') expect((await admin.rpc('cancel_boleto', { p_id: id, p_reason: 'teste de relatório' })).error).toBeNull();
    }
    const list = async (args: Record<string, unknown>) => unwrap(await admin.rpc('list_boletos', { p_unit_id: ownUnit, ...args })) as { total: number; total_amount: number; rows: { situation: string; due_date: string }[] };
    expect((await list({})).total).toBe(12);
    expect((await list({ p_situation: 'VENCIDO' })).total).toBe(5);
    expect((await list({ p_situation: 'VENCE_HOJE' })).rows.map((r) => r.due_date)).toEqual([today]);
    expect((await list({ p_situation: 'A_VENCER' })).total).toBe(4);
    expect((await list({ p_situation: 'PENDENTE' })).total_amount).toBe(2150);
    expect((await list({ p_search: `R-${tag}--31` })).total).toBe(1);
    // A whole code finds its boleto however it is pasted; a few digits find the codes that start with them.
    const linha = barcodeToLinha(barcodes[4]!);
    const pasted = `${linha.slice(0, 5)}.${linha.slice(5, 10)} ${linha.slice(10, 15)}.${linha.slice(15, 21)} ${linha.slice(21)}`;
    expect((await list({ p_search: pasted })).rows.map((r) => r.due_date)).toEqual([addDays(today, 25)]);
    expect((await list({ p_search: barcodes[4] })).total).toBe(1);
    expect((await list({ p_search: linha.slice(0, 6) })).total).toBe(12);
    expect((await list({ p_search: linha.slice(1, 7) })).total).toBe(0);
    const page = await list({ p_limit: 5, p_offset: 10, p_sort: 'due_asc' });
    expect(page.rows).toHaveLength(2);
    expect((await admin.rpc('list_boletos', { p_situation: 'ATRASADO' })).error?.message).toBe('Situação inválida: ATRASADO');

    const report = unwrap(await admin.rpc('get_boletos_report', { p_unit_id: ownUnit, p_paid_from: today, p_paid_to: today })) as {
      totals: Record<string, number>; by_unit: { unit_id: string; overdue: number }[]; timeline: { date: string; amount: number }[];
    };
    expect(report.totals).toMatchObject({
      due_today: 100, due_today_count: 1, next_7: 500, next_7_count: 2, next_30: 1400, next_30_count: 4,
      overdue: 650, overdue_count: 5, overdue_1_7: 230, overdue_8_30: 270, overdue_over_30: 150, paid: 160, paid_count: 1, pending: 2150,
    });
    expect(report.by_unit).toEqual([expect.objectContaining({ unit_id: ownUnit, overdue: 650 })]);
    expect(report.timeline.find((d) => d.date === today)?.amount).toBe(100);
    expect(report.timeline).toHaveLength(91);
  });
});

describe('attachments follow their boleto', () => {
  it('stores files under the boleto for its units only, and freezes them once it is paid', async () => {
    const clerk = await as('balconista');
    const analyst = await as('analista');
    const id = unwrap(await clerk.from('boletos').insert({
      unit_id: centro, supplier_id: alfa, barcode: bankCode('341', addDays(today, 4), 3300), amount: 33, due_date: addDays(today, 4),
      document_number: `ANEXO-${tag}`,
    }).select('id').single()).id;
    const pdf = new Blob(['%PDF-1.4 boleto'], { type: 'application/pdf' });
    stored(await clerk.storage.from('boletos').upload(`${id}/boleto.pdf`, pdf, { contentType: 'application/pdf' }));
    expect(stored(await clerk.storage.from('boletos').list(id)).map((f) => f.name)).toEqual(['boleto.pdf']);

    // Another unit's user: no read, no list, no upload into this boleto.
    expect((await analyst.storage.from('boletos').download(`${id}/boleto.pdf`)).error).not.toBeNull();
    expect(stored(await analyst.storage.from('boletos').list(id))).toEqual([]);
    expect((await analyst.storage.from('boletos').upload(`${id}/outro.pdf`, pdf, { contentType: 'application/pdf' })).error).not.toBeNull();
    // A path that is not a boleto's, and a type that is not a document, are refused.
    expect((await clerk.storage.from('boletos').upload(`${randomUUID()}/x.pdf`, pdf, { contentType: 'application/pdf' })).error).not.toBeNull();
    expect((await clerk.storage.from('boletos').upload(`${id}/script.html`, new Blob(['<script>'], { type: 'text/html' }), { contentType: 'text/html' })).error).not.toBeNull();
    expect((await anonClient(backend).storage.from('boletos').download(`${id}/boleto.pdf`)).error).not.toBeNull();

    expect((await clerk.rpc('delete_boleto', { p_id: id, p_reason: 'engano' })).error?.message).toBe('Remova os anexos antes de excluir o boleto');
    unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: today }));
    // Paid: the proof of payment may still be added, nothing removed.
    stored(await clerk.storage.from('boletos').upload(`${id}/comprovante.pdf`, pdf, { contentType: 'application/pdf' }));
    expect(stored(await clerk.storage.from('boletos').remove([`${id}/boleto.pdf`]))).toEqual([]);
    expect(stored(await clerk.storage.from('boletos').list(id)).map((f) => f.name).sort()).toEqual(['boleto.pdf', 'comprovante.pdf']);
    const listed = unwrap(await clerk.rpc('list_boletos', { p_search: `ANEXO-${tag}` })) as { rows: { id: string; attachments: number }[] };
    expect(listed.rows.map((r) => [r.id, r.attachments])).toEqual([[id, 2]]);
  });
});
