/**
 * Second attacker review (issue 21), the boleto findings, each as the attacker sent it. Every case
 * fails when its guard is removed (supabase/migrations/20261126130000_boletos_hardening.sql and
 * local-supabase/src/storage/objects.ts):
 * - item 7: a payment dated before the boleto existed (or in the future) is refused;
 * - item 8: a signed upload URL made while the boleto was pending adds nothing once it is
 *   cancelled, and an upsert URL replaces nothing once it is paid (hosted Storage writes signed
 *   uploads as its superuser, so the guard is a trigger on storage.objects, not a policy);
 * - item 9: an HTML page uploaded as image/png is served as image/png with nosniff, and the app
 *   refuses it by its bytes before uploading;
 * - item 10: a refused value answers in Portuguese and never with the row ('Failing row contains');
 * - item 13: a code already paid is not entered again without a reason, nor paid again without an
 *   explicit confirmation.
 * Fixture: boletos of this file in Unidade Centro (balconista@ works it), codes unique to the run.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBankBarcode } from '../../../src/features/boletos/code.ts';
import { FILE_CONTENT_MESSAGE, provenFileType } from '../../../src/lib/file-signature.ts';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = randomUUID().replace(/[^0-9]/g, '').padEnd(12, '7').slice(0, 12);

let today = '';
let centro = '';
let alfa = '';
let serial = 0;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const br = (day: string) => day.split('-').reverse().join('/');

function code(cents: number, due = addDays(today, 10)): string {
  serial += 1;
  return buildBankBarcode({ bankCode: '341', dueDate: due, amountCents: cents, freeField: `${tag}${String(serial).padStart(4, '0')}${'0'.repeat(9)}` });
}

async function newBoleto(extra: Record<string, unknown> = {}): Promise<{ id: string; barcode: string }> {
  const clerk = await as('balconista');
  const barcode = code(10_000);
  const row = unwrap(await clerk.from('boletos').insert({ unit_id: centro, supplier_id: alfa, barcode, amount: 100, due_date: addDays(today, 10), ...extra }).select('id, barcode').single());
  return row;
}

async function statusOf(id: string): Promise<string> {
  return unwrap(await (await as('admin')).from('boletos').select('status').eq('id', id).single()).status;
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    today = (await db.query<{ d: string }>("select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as d")).rows[0]!.d;
  } finally {
    await db.end();
  }
  const admin = await as('admin');
  centro = unwrap(await admin.from('store_units').select('id').eq('name', 'Unidade Centro').single()).id;
  alfa = unwrap(await admin.from('suppliers').select('id').eq('name', 'Distribuidora Alfa').single()).id;
});

describe('item 7: backdated and future payments', () => {
  it('refuses a payment before the issue date, before the entry day (no issue date), before 2000 and after today, paying nothing', async () => {
    const clerk = await as('balconista');
    const issued = await newBoleto({ issue_date: addDays(today, -5) });
    const entered = await newBoleto();
    const attempts: [string, string, string][] = [
      [issued.id, '1990-01-01', 'Data do pagamento inválida'],
      [issued.id, addDays(today, -6), `A data do pagamento (${br(addDays(today, -6))}) não pode ser anterior à emissão do boleto de R$ 100,00 (${br(addDays(today, -5))})`],
      [entered.id, addDays(today, -1), `A data do pagamento (${br(addDays(today, -1))}) não pode ser anterior à data de lançamento do boleto de R$ 100,00 (${br(today)})`],
      [entered.id, addDays(today, 1), 'A data do pagamento não pode ser futura'],
      [entered.id, 'infinity', 'A data do pagamento não pode ser futura'],
    ];
    for (const [id, paidAt, message] of attempts) {
      expect((await clerk.rpc('mark_boletos_paid', { p_ids: [id], p_paid_at: paidAt })).error?.message, paidAt).toBe(message);
    }
    // A selection is refused whole when one of them is backdated.
    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [issued.id, entered.id], p_paid_at: addDays(today, -5) })).error?.message).toMatch(/data de lançamento/);
    expect([await statusOf(issued.id), await statusOf(entered.id)]).toEqual(['PENDENTE', 'PENDENTE']);
    // The edges are accepted.
    expect(unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [issued.id], p_paid_at: addDays(today, -5) }))).toBe(1);
    expect(unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [entered.id], p_paid_at: today }))).toBe(1);
  });
});

describe('item 8: files freeze with their boleto on every storage path', () => {
  const pdf = (text: string) => new Blob([`%PDF-1.4 ${text}`], { type: 'application/pdf' });

  it('a signed upload URL made while pending adds nothing after the boleto is cancelled', async () => {
    const clerk = await as('balconista');
    const boleto = await newBoleto();
    const path = `${boleto.id}/depois-do-cancelamento.pdf`;
    const signed = await clerk.storage.from('boletos').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect((await clerk.rpc('cancel_boleto', { p_id: boleto.id, p_reason: 'Reemitido pelo fornecedor' })).error).toBeNull();
    const late = await anonClient(backend).storage.from('boletos').uploadToSignedUrl(path, signed.data?.token ?? '', pdf('tarde'));
    expect(late.error).toMatchObject({ statusCode: '403', message: 'Boleto cancelado não recebe, substitui nem remove anexos' });
    // Nor the service role, nor any path at all.
    const service = await serviceClient(backend).storage.from('boletos').upload(`${boleto.id}/servico.pdf`, pdf('serviço'));
    expect(service.error).toMatchObject({ statusCode: '403' });
    const db = await sql(backend);
    try {
      expect((await db.query("select count(*)::int as n from storage.objects where bucket_id = 'boletos' and name like $1", [`${boleto.id}/%`])).rows[0]).toEqual({ n: 0 });
    } finally {
      await db.end();
    }
  });

  it('an upsert URL made while pending replaces nothing once the boleto is paid, and nothing is removed or moved', async () => {
    const clerk = await as('balconista');
    const boleto = await newBoleto();
    const path = `${boleto.id}/boleto.pdf`;
    const signed = await clerk.storage.from('boletos').createSignedUploadUrl(path, { upsert: true });
    expect(signed.error).toBeNull();
    expect((await anonClient(backend).storage.from('boletos').uploadToSignedUrl(path, signed.data?.token ?? '', pdf('original'))).error).toBeNull();
    unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [boleto.id], p_paid_at: today }));
    const replaced = await anonClient(backend).storage.from('boletos').uploadToSignedUrl(path, signed.data?.token ?? '', pdf('trocado'));
    expect(replaced.error).toMatchObject({ statusCode: '403', message: 'Anexo de boleto pago não pode ser substituído nem removido' });
    const service = serviceClient(backend).storage.from('boletos');
    expect((await service.upload(path, pdf('serviço'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await service.remove([path])).error).toMatchObject({ statusCode: '403' });
    expect((await service.move(path, `${boleto.id}/outro.pdf`)).error).toMatchObject({ statusCode: '403' });
    expect(await (await clerk.storage.from('boletos').download(path)).data?.text()).toBe('%PDF-1.4 original');
    // The proof of payment may still be added to a paid boleto.
    expect((await clerk.storage.from('boletos').upload(`${boleto.id}/comprovante.pdf`, pdf('comprovante'))).error).toBeNull();
  });
});

describe('item 9: content taken on trust', () => {
  it('serves an HTML page uploaded as image/png as image/png with nosniff, and the app refuses it by its bytes', async () => {
    const clerk = await as('balconista');
    const boleto = await newBoleto();
    const page = '<!doctype html><script>fetch("/auth/v1/user")</script>';
    const path = `${boleto.id}/foto.png`;
    // The bucket only sees the declared type: a direct API call stores it…
    expect((await clerk.storage.from('boletos').upload(path, new Blob([page], { type: 'image/png' }))).error).toBeNull();
    const signed = unwrap(await clerk.storage.from('boletos').createSignedUrl(path, 60) as never) as { signedUrl: string };
    const served = await fetch(signed.signedUrl);
    // …but it is never served as a page.
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // The app checks the bytes before uploading.
    await expect(provenFileType(new File([page], 'foto.png', { type: 'image/png' }))).rejects.toThrow(FILE_CONTENT_MESSAGE);
    await expect(provenFileType(new File(['%PDF-1.7 x'], 'nota.png', { type: 'image/png' }))).resolves.toBe('application/pdf');
  });
});

describe('item 10: refusals carry a Portuguese message and no row', () => {
  it('answers every refused value of the boleto write paths without the row', async () => {
    const clerk = await as('balconista');
    const boleto = await newBoleto();
    const attempts: [string, PromiseLike<{ error: { message: string; details?: string | null } | null }>, string][] = [
      ['paid 0.004', clerk.rpc('mark_boletos_paid', { p_ids: [boleto.id], p_paid_at: today, p_paid_amount: 0.004 }), 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99'],
      ['paid NaN', clerk.rpc('mark_boletos_paid', { p_ids: [boleto.id], p_paid_at: today, p_paid_amount: 'NaN' as never }), 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99'],
      ['paid 99999999.995', clerk.rpc('mark_boletos_paid', { p_ids: [boleto.id], p_paid_at: today, p_paid_amount: 99_999_999.995 }), 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99'],
      ['null id', clerk.rpc('mark_boletos_paid', { p_ids: [null as never], p_paid_at: today }), 'Boleto não encontrado ou sem permissão'],
      ['amount 0.001', clerk.from('boletos').update({ amount: 0.001 }).eq('id', boleto.id), 'O valor informado difere do valor do código (R$ 100,00)'],
      ['no unit', clerk.from('boletos').update({ unit_id: null as never }).eq('id', boleto.id), 'new row violates row-level security policy for table "boletos"'],
      ['long reason', clerk.from('boletos').update({ duplicate_reason: 'x'.repeat(501) }).eq('id', boleto.id), 'Motivo do lançamento repetido: no máximo 500 caracteres'],
      ['cancel long reason', clerk.rpc('cancel_boleto', { p_id: boleto.id, p_reason: 'x'.repeat(501) }), 'O motivo deve ter no máximo 500 caracteres'],
    ];
    for (const [name, request, message] of attempts) {
      const { error } = await request;
      expect(error?.message, name).toBe(message);
      const everything = JSON.stringify(error);
      expect(everything, name).not.toMatch(/Failing row|failing row/);
      expect(everything, name).not.toContain(boleto.barcode);
    }
    expect(await statusOf(boleto.id)).toBe('PENDENTE');
  });
});

describe('item 13: a paid code entered and paid again', () => {
  it('refuses the duplicate entry without a reason for every role, and the second payment without a confirmation', async () => {
    const clerk = await as('balconista');
    const paid = await newBoleto({ issue_date: addDays(today, -2) });
    unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [paid.id], p_paid_at: addDays(today, -1) }));
    const entry = { unit_id: centro, supplier_id: alfa, barcode: paid.barcode, amount: 100, due_date: addDays(today, 10) };
    const message = `Este código já foi lançado (já pago em ${br(addDays(today, -1))}, Unidade Centro, R$ 100,00): informe o motivo para lançá-lo de novo (mínimo de 3 caracteres)`;
    for (const client of [clerk, await as('admin'), serviceClient(backend)]) {
      expect((await client.from('boletos').insert(entry)).error?.message).toBe(message);
    }
    // Nor by changing another boleto's code to it.
    const other = await newBoleto();
    expect((await clerk.from('boletos').update({ barcode: paid.barcode }).eq('id', other.id)).error?.message).toBe(message);

    const again = unwrap(await clerk.from('boletos').insert({ ...entry, duplicate_reason: 'Banco devolveu o pagamento' }).select('id').single());
    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [again.id], p_paid_at: today })).error?.message).toBe(
      `O boleto de R$ 100,00 tem o mesmo código de um boleto já pago em ${br(addDays(today, -1))}, Unidade Centro, R$ 100,00: confirme o pagamento em duplicidade`,
    );
    expect((await clerk.rpc('mark_boletos_paid', { p_ids: [again.id], p_paid_at: today, p_confirm_paid_twin: false })).error).not.toBeNull();
    expect(await statusOf(again.id)).toBe('PENDENTE');
    expect(unwrap(await clerk.rpc('mark_boletos_paid', { p_ids: [again.id], p_paid_at: today, p_confirm_paid_twin: true }))).toBe(1);
  });
});
