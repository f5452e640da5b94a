/**
 * Remessas through supabase-js: staff of each role work only the shipments their units send or
 * receive; the moves SOLICITADO → PENDENTE → ENTREGUE and nothing else; the public page's two RPCs
 * are anon's only door (no table), a link works once, and every invalid link (unknown, used,
 * expired, revoked, tampered) is refused with the same answer; the signature's hash detects a later
 * change; attempts are rate-limited per IP; bad input changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createdLinkSchema, evidenceSchema, settingsSchema } from '@/features/shipment-signatures/schemas';
import { shipmentDetailSchema, shipmentPageSchema } from '@/types/shipments';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { pngDataUrl } from '../../utils/png.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = randomUUID().slice(0, 8);
const INVALID_LINK =
  'Este link de assinatura não é válido. Ele pode ter expirado, já ter sido usado ou sido substituído por um novo. Peça um novo link a quem enviou a remessa.';
const SIGNATURE = pngDataUrl(320, 120);
const CPF = '529.982.247-25';

let centro = '';
let norte = '';
let sul = '';
let products: string[] = [];
let today = '';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const units = (await db.query<{ id: string; name: string }>(`select id, name from public.store_units where name like 'Unidade %'`)).rows;
    centro = units.find((u) => u.name === 'Unidade Centro')!.id;
    norte = units.find((u) => u.name === 'Unidade Norte')!.id;
    sul = units.find((u) => u.name === 'Unidade Sul')!.id;
    products = (await db.query<{ id: string }>('select id from public.products order by name limit 3')).rows.map((r) => r.id);
    today = (await db.query<{ d: string }>(`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as d`)).rows[0]!.d;
  } finally {
    await db.end();
  }
});

/** A dispatched Centro → Sul shipment made by the clerk, and a fresh link to it. */
async function dispatchedWithLink(): Promise<{ id: string; token: string }> {
  const clerk = await as('balconista');
  const id = unwrap(await clerk.rpc('save_shipment', {
    p_id: null, p_origin_unit_id: centro, p_destination_unit_id: sul, p_notes: `teste ${tag}`,
    p_items: [{ product_id: products[0], quantity: 5, lot: 'L1', expiry_date: addDays(today, 200) }, { product_id: products[1], quantity: 2 }],
  })) as string;
  expect((await clerk.rpc('dispatch_shipment', { p_id: id })).error).toBeNull();
  // The screens parse every payload with the schemas below: they must take what the functions answer.
  const link = createdLinkSchema.parse(unwrap(await clerk.rpc('create_signature_link', { p_shipment_id: id })));
  expect(link.token).toMatch(/^[0-9a-f]{64}$/);
  expect(shipmentDetailSchema.parse(unwrap(await clerk.rpc('get_shipment', { p_id: id })))).toMatchObject({ status: 'PENDENTE', signature: null, link: { expires_at: link.expires_at } });
  return { id, token: link.token };
}

describe('the public page reaches the database only through its two RPCs', () => {
  it('anon reads no shipment, line, history, link or signature table', async () => {
    const anon = anonClient(backend);
    for (const table of ['shipments', 'shipment_items', 'shipment_status_history', 'shipment_signature_links', 'shipment_signatures', 'shipment_settings']) {
      const { data, error } = await anon.from(table).select('*');
      expect({ table, code: error?.code, data }).toEqual({ table, code: '42501', data: null });
    }
    expect((await anon.rpc('list_shipments', {})).error).not.toBeNull();
    expect((await anon.rpc('create_signature_link', { p_shipment_id: randomUUID() })).error).not.toBeNull();
  });

  it('a link works once: the shipment, the signature, then the same refusal as any invalid link', async () => {
    const { id, token } = await dispatchedWithLink();
    const anon = anonClient(backend);
    const shown = unwrap(await anon.rpc('get_shipment_for_signature', { p_token: token })) as Record<string, unknown> & { items: unknown[] };
    expect(shown).toMatchObject({ origin_name: 'Unidade Centro', destination_name: 'Unidade Sul', notes: `teste ${tag}` });
    expect(shown.items).toHaveLength(2);
    // Nothing beyond the one shipment: no ids of units or people, no other shipment.
    expect(Object.keys(shown).sort()).toEqual(['acceptance_text', 'content_hash', 'destination_name', 'dispatched_at', 'expires_at', 'items', 'notes', 'number', 'origin_name']);

    const item = (shown.items[0] as { id: string }).id;
    const signed = unwrap(await anon.rpc('sign_shipment', {
      p_token: token, p_signer_name: '  Maria   da Silva ', p_signer_document: CPF, p_signature_png: SIGNATURE,
      p_lines: [{ item_id: item, short_quantity: 1, damaged_quantity: 1, short_dated_quantity: 0, note: 'caixa amassada' }],
    })) as Record<string, unknown>;
    expect(signed).toMatchObject({ signer_name: 'Maria da Silva', signer_document_masked: '***.982.247-**', discrepancy_count: 1, already_signed: false });

    // A retry of the same signature whose answer was lost: the same receipt. Anything else: refused.
    expect(unwrap(await anon.rpc('sign_shipment', { p_token: token, p_signer_name: 'Maria da Silva', p_signer_document: CPF, p_signature_png: SIGNATURE, p_lines: [] })))
      .toMatchObject({ already_signed: true, content_hash: signed.content_hash });
    const second = await anon.rpc('sign_shipment', { p_token: token, p_signer_name: 'Outra Pessoa', p_signer_document: '111.444.777-35', p_signature_png: SIGNATURE, p_lines: [] });
    expect(second.error).toMatchObject({ code: 'P0001', message: INVALID_LINK });
    expect((await anon.rpc('get_shipment_for_signature', { p_token: token })).error).toMatchObject({ code: 'P0001', message: INVALID_LINK });

    const clerk = await as('balconista');
    const shipment = unwrap(await clerk.rpc('get_shipment', { p_id: id })) as { status: string; signature: { signer_name: string; discrepancies: unknown[] } };
    expect(shipment.status).toBe('ENTREGUE');
    expect(shipment.signature.signer_name).toBe('Maria da Silva');
    expect(shipment.signature.discrepancies).toEqual([expect.objectContaining({ item_id: item, short_quantity: 1, damaged_quantity: 1, quantity: 5 })]);
    const history = (unwrap(await clerk.rpc('get_shipment', { p_id: id })) as { history: { from_status: string | null; to_status: string }[] }).history;
    expect(history.map((h) => [h.from_status, h.to_status])).toEqual([[null, 'SOLICITADO'], ['SOLICITADO', 'PENDENTE'], ['PENDENTE', 'ENTREGUE']]);

    // What the screens read parses as the signed shipment: nulls where nothing is known, numbers as numbers.
    const detail = shipmentDetailSchema.parse(unwrap(await clerk.rpc('get_shipment', { p_id: id })));
    expect(detail).toMatchObject({ status: 'ENTREGUE', link: null, items: [{ quantity: 5, lot: 'L1' }, { quantity: 2, lot: null, expiry_date: null }] });
    const evidence = evidenceSchema.parse(unwrap(await clerk.rpc('get_shipment_evidence', { p_shipment_id: id })));
    expect(evidence.signature.discrepancies).toEqual([expect.objectContaining({ item_id: item, short_quantity: 1, note: 'caixa amassada' })]);
    expect(evidence.verification.valid).toBe(true);
    const listed = shipmentPageSchema.parse(unwrap(await clerk.rpc('list_shipments', { p_status: 'ENTREGUE', p_search: `REM-${detail.number}` })));
    expect(listed.rows).toEqual([expect.objectContaining({ id, item_count: 2, total_quantity: 7, discrepancy_count: 1, signer_name: 'Maria da Silva', link_expires_at: null })]);
  });

  it('refuses expired, revoked, replaced, tampered and unknown tokens with one and the same answer', async () => {
    const expired = await dispatchedWithLink();
    const db = await sql(backend);
    try {
      await db.query(`update public.shipment_signature_links set expires_at = now() - interval '1 minute' where shipment_id = $1`, [expired.id]);
    } finally {
      await db.end();
    }
    const revoked = await dispatchedWithLink();
    const clerk = await as('balconista');
    expect((await clerk.rpc('revoke_signature_link', { p_shipment_id: revoked.id })).error).toBeNull();
    const replaced = await dispatchedWithLink();
    const renewed = unwrap(await clerk.rpc('create_signature_link', { p_shipment_id: replaced.id })) as { token: string };
    const tampered = `${replaced.token.slice(0, 63)}${replaced.token.endsWith('0') ? '1' : '0'}`;
    const anon = anonClient(backend);
    for (const token of [expired.token, revoked.token, replaced.token, tampered, randomUUID().replaceAll('-', '').repeat(2), 'abc', '']) {
      for (const call of [
        anon.rpc('get_shipment_for_signature', { p_token: token }),
        anon.rpc('sign_shipment', { p_token: token, p_signer_name: 'Maria da Silva', p_signer_document: CPF, p_signature_png: SIGNATURE, p_lines: [] }),
      ]) {
        const { data, error, status } = await call;
        expect({ token, data, status, error: { code: error?.code, message: error?.message } }).toEqual({ token, data: null, status: 400, error: { code: 'P0001', message: INVALID_LINK } });
      }
    }
    // The new link of the replaced shipment works.
    expect((await anon.rpc('get_shipment_for_signature', { p_token: renewed.token })).error).toBeNull();
  });

  it('refuses bad signatures with a Portuguese message and changes nothing', async () => {
    const { id, token } = await dispatchedWithLink();
    const anon = anonClient(backend);
    const shown = unwrap(await anon.rpc('get_shipment_for_signature', { p_token: token })) as { items: { id: string; quantity: number }[] };
    const sign = (overrides: Record<string, unknown>) =>
      anon.rpc('sign_shipment', { p_token: token, p_signer_name: 'Maria da Silva', p_signer_document: CPF, p_signature_png: SIGNATURE, p_lines: [], ...overrides });
    const cases: [Record<string, unknown>, string][] = [
      [{ p_signer_name: 'Mo' }, 'Informe o nome completo de quem recebe'],
      [{ p_signer_document: '529.982.247-24' }, 'CPF inválido'],
      [{ p_signer_document: '111.111.111-11' }, 'CPF inválido'],
      [{ p_signature_png: '' }, 'Desenhe a assinatura no quadro'],
      [{ p_signature_png: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'Desenhe a assinatura no quadro'],
      // Base64 that is not a PNG: an HTML page, or PNG's first bytes followed by nothing that makes an image.
      [{ p_signature_png: `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>'.repeat(10)).toString('base64')}` }, 'A assinatura enviada não é uma imagem PNG'],
      [{ p_signature_png: `data:image/png;base64,${'iVBORw0KGgo'.padEnd(400, 'A')}` }, 'A assinatura enviada não é uma imagem PNG'],
      [{ p_signature_png: `data:image/png;base64,${'A'.repeat(301_000)}` }, 'A imagem da assinatura é grande demais (máximo de 300.000 caracteres): limpe o quadro e assine de novo'],
      [{ p_signature_png: pngDataUrl(20, 120) }, 'A imagem da assinatura tem 20 × 120 pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura'],
      [{ p_signature_png: pngDataUrl(300, 5) }, 'A imagem da assinatura tem 300 × 5 pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura'],
      [{ p_lines: [{ item_id: shown.items[0]!.id, short_quantity: 4, damaged_quantity: 2 }] }, expect.stringMatching(/^A soma das divergências do item .+ passa da quantidade enviada$/) as unknown as string],
      [{ p_lines: [{ item_id: shown.items[0]!.id, short_quantity: -1 }] }, expect.stringMatching(/^Informe quantidades inteiras nas divergências de /) as unknown as string],
      [{ p_lines: [{ item_id: randomUUID(), short_quantity: 1 }] }, 'Divergências inválidas'],
    ];
    for (const [overrides, message] of cases) {
      const { error } = await sign(overrides);
      expect(error).toMatchObject({ code: '22023', message });
    }
    const clerk = await as('balconista');
    expect((unwrap(await clerk.rpc('get_shipment', { p_id: id })) as { status: string }).status).toBe('PENDENTE');
    // The link is still good after refused attempts.
    expect((await sign({})).error).toBeNull();
  });

  it('rate-limits the public RPCs per IP with a clear error, leaving other addresses alone', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const attacker = anonClient(backend, address);
    const answers: string[] = [];
    for (let i = 0; i < 32; i++) {
      const { error } = await attacker.rpc('get_shipment_for_signature', { p_token: randomUUID().replaceAll('-', '').repeat(2) });
      answers.push(error?.code ?? 'ok');
    }
    expect(answers.slice(0, 30).every((code) => code === 'P0001')).toBe(true);
    const limited = await attacker.rpc('get_shipment_for_signature', { p_token: 'f'.repeat(64) });
    expect(limited.status).toBe(429);
    expect(limited.error).toMatchObject({ code: '54000', message: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.' });
    const { token } = await dispatchedWithLink();
    expect((await attacker.rpc('get_shipment_for_signature', { p_token: token })).error?.code).toBe('54000');
    expect((await anonClient(backend).rpc('get_shipment_for_signature', { p_token: token })).error).toBeNull();
  });
});

describe('staff: unit isolation, moves and bad input', () => {
  it('each role sees only the shipments its units send or receive', async () => {
    const db = await sql(backend);
    let all: { id: string; origin_unit_id: string; destination_unit_id: string }[];
    try {
      all = (await db.query('select id, origin_unit_id, destination_unit_id from public.shipments')).rows;
    } finally {
      await db.end();
    }
    const expected: Record<string, string[]> = {
      balconista: [centro, norte], balconista2: [norte], farmaceutico: [sul], analista: [norte], compras: [], representante: [], admin: [centro, norte, sul],
    };
    for (const [key, units] of Object.entries(expected)) {
      const client = await as(key as 'balconista');
      const seen = new Set(unwrap(await client.from('shipments').select('id')).map((r) => r.id));
      const own = all.filter((s) => units.includes(s.origin_unit_id) || units.includes(s.destination_unit_id) || key === 'admin');
      expect({ key, seen: seen.size }).toEqual({ key, seen: own.length });
      for (const s of own) expect(seen.has(s.id)).toBe(true);
      const listed = unwrap(await client.rpc('list_shipments', { p_limit: 200 })) as { total: number };
      expect({ key, total: listed.total }).toEqual({ key, total: own.length });
    }
    // A foreign shipment is refused by every RPC without saying whether it exists.
    const pharmacist = await as('farmaceutico');
    const foreign = all.find((s) => ![s.origin_unit_id, s.destination_unit_id].includes(sul))!;
    for (const call of [
      pharmacist.rpc('get_shipment', { p_id: foreign.id }),
      pharmacist.rpc('dispatch_shipment', { p_id: foreign.id }),
      pharmacist.rpc('delete_shipment', { p_id: foreign.id }),
      pharmacist.rpc('create_signature_link', { p_shipment_id: foreign.id }),
      pharmacist.rpc('get_shipment_evidence', { p_shipment_id: foreign.id }),
    ]) {
      expect((await call).error).toMatchObject({ code: '42501', message: 'Remessa não encontrada ou sem permissão' });
    }
    // Nobody writes the tables directly.
    const clerk = await as('balconista');
    expect((await clerk.from('shipments').insert({ origin_unit_id: centro, destination_unit_id: norte } as never)).error?.code).toBe('42501');
    expect((await clerk.from('shipments').update({ status: 'ENTREGUE' } as never).eq('origin_unit_id', centro)).error?.code).toBe('42501');
    expect((await clerk.from('shipment_signature_links').select('token_hash')).error?.code).toBe('42501');
    expect((await clerk.from('shipment_signatures').select('signer_document')).error?.code).toBe('42501');
  });

  it('refuses bad shipments, edits after dispatch, dispatch by the destination and any other move', async () => {
    const clerk = await as('balconista');
    const save = (overrides: Record<string, unknown>) =>
      clerk.rpc('save_shipment', { p_id: null, p_origin_unit_id: centro, p_destination_unit_id: sul, p_notes: null, p_items: [{ product_id: products[0], quantity: 1 }], ...overrides });
    const refusals: [Record<string, unknown>, string][] = [
      [{ p_destination_unit_id: centro }, 'A origem e o destino devem ser unidades diferentes'],
      [{ p_items: [] }, 'Inclua ao menos um item'],
      [{ p_items: [{ product_id: products[0], quantity: 0 }] }, expect.stringMatching(/^Quantidade deve ser maior que zero: /) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: -3 }] }, expect.stringMatching(/^Quantidade deve ser maior que zero: /) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 1.5 }] }, expect.stringMatching(/^Quantidade deve ser maior que zero: /) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 1, expiry_date: addDays(today, -1) }] }, expect.stringMatching(/^Validade vencida: .+ \(\d{2}\/\d{2}\/\d{4}\)$/) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 1, lot: 'A' }, { product_id: products[0], quantity: 2, lot: 'a' }] }, expect.stringMatching(/^Produto repetido: /) as unknown as string],
      [{ p_items: [{ product_id: 'não-é-um-id', quantity: 1 }] }, 'Produto não encontrado no catálogo'],
      [{ p_items: [{ product_id: products[0], quantity: 'NaN' }] }, expect.stringMatching(/^Quantidade deve ser maior que zero: /) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 'Infinity' }] }, expect.stringMatching(/^Quantidade deve ser maior que zero: /) as unknown as string],
      // PostgreSQL reads 'infinity' as a date later than any other: not a validity.
      [{ p_items: [{ product_id: products[0], quantity: 1, expiry_date: 'infinity' }] }, expect.stringMatching(/^Validade inválida: .+ \(use uma data até 31\/12\/2100\)$/) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 1, expiry_date: '-infinity' }] }, expect.stringMatching(/^Validade inválida: .+ \(use uma data até 31\/12\/2100\)$/) as unknown as string],
      [{ p_items: [{ product_id: products[0], quantity: 1, expiry_date: '2101-01-01' }] }, expect.stringMatching(/^Validade inválida: .+ \(use uma data até 31\/12\/2100\)$/) as unknown as string],
    ];
    for (const [overrides, message] of refusals) expect((await save(overrides)).error?.message).toEqual(message);
    for (const period of [{ p_from: 'infinity' }, { p_to: '-infinity' }, { p_from: '1999-12-31' }, { p_to: '2101-01-01' }]) {
      expect((await clerk.rpc('list_shipments', period)).error).toMatchObject({ code: '22023', message: 'Período inválido: use datas entre 01/01/2000 e 31/12/2100' });
    }
    const pharmacist = await as('farmaceutico');
    expect((await pharmacist.rpc('save_shipment', { p_id: null, p_origin_unit_id: centro, p_destination_unit_id: norte, p_notes: null, p_items: [{ product_id: products[0], quantity: 1 }] })).error)
      .toMatchObject({ code: '42501', message: 'Você só pode criar remessas que saiam da sua unidade ou cheguem a ela' });

    const id = unwrap(await save({})) as string;
    // The destination (Sul) may edit a request but never dispatch it.
    expect((await pharmacist.rpc('dispatch_shipment', { p_id: id })).error?.message).toBe('Apenas a unidade de origem pode despachar a remessa');
    expect((await clerk.rpc('create_signature_link', { p_shipment_id: id })).error?.message).toBe('A remessa precisa estar despachada (Pendente) para receber a assinatura');
    expect((await clerk.rpc('dispatch_shipment', { p_id: id })).error).toBeNull();
    expect((await clerk.rpc('dispatch_shipment', { p_id: id })).error?.message).toBe('Transição inválida: Pendente → Pendente');
    expect((await save({ p_id: id })).error?.message).toBe('Apenas remessas solicitadas podem ser editadas');
    expect((await clerk.rpc('delete_shipment', { p_id: id })).error?.message).toBe('Apenas remessas solicitadas podem ser excluídas');
    const items = unwrap(await clerk.from('shipment_items').select('quantity').eq('shipment_id', id));
    expect(items).toEqual([{ quantity: 1 }]);
    // Not through the service role either.
    const service = serviceClient(backend);
    expect((await service.from('shipment_items').update({ quantity: 99 }).eq('shipment_id', id)).error?.message).toBe('Apenas remessas solicitadas podem ser editadas');
  });

  it('keeps the history append-only and detects any change of signed content', async () => {
    const { id, token } = await dispatchedWithLink();
    const address = `2001:db8:5::${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const anon = anonClient(backend, address);
    expect((await anon.rpc('sign_shipment', { p_token: token, p_signer_name: 'Maria da Silva', p_signer_document: CPF, p_signature_png: SIGNATURE, p_lines: [] })).error).toBeNull();
    const clerk = await as('balconista');
    const before = unwrap(await clerk.rpc('get_shipment_evidence', { p_shipment_id: id })) as {
      signature: { content_hash: string; signer_document_masked: string; ip_address: string; declared_ips: string | null; user_agent: string; signature_png: string };
      verification: { valid: boolean; current_hash: string };
    };
    expect(before.verification).toEqual({ valid: true, current_hash: before.signature.content_hash });
    expect(before.signature.signer_document_masked).toBe('***.982.247-**');
    // The address the gateway saw, nothing the client declared; the image as drawn.
    expect(before.signature).toMatchObject({ ip_address: address, declared_ips: null, signature_png: SIGNATURE });

    const service = serviceClient(backend);
    const immutable = 'O histórico da remessa não pode ser alterado nem excluído';
    expect((await service.from('shipment_status_history').delete().eq('shipment_id', id)).error?.message).toBe(immutable);
    expect((await service.from('shipment_signatures').update({ signer_name: 'Outro' }).eq('shipment_id', id)).error?.message)
      .toBe('A assinatura de uma remessa não pode ser alterada nem excluída');

    // Someone with the database owner's rights changes a quantity after the signature: the receipt says so.
    const db = await sql(backend);
    try {
      await db.query('update public.shipment_items set quantity = quantity + 1 where shipment_id = $1 and position = 0', [id]);
      await expect(db.query('update public.shipment_status_history set to_status = $2 where shipment_id = $1', [id, 'SOLICITADO'])).rejects.toThrow(immutable);
    } finally {
      await db.end();
    }
    const after = unwrap(await clerk.rpc('get_shipment_evidence', { p_shipment_id: id })) as { verification: { valid: boolean; current_hash: string } };
    expect(after.verification.valid).toBe(false);
    expect(after.verification.current_hash).not.toBe(before.signature.content_hash);
  });

  it('suggests units without recent shortages of a product, and keeps the link validity an administrator setting', async () => {
    const clerk = await as('balconista');
    const suggested = unwrap(await clerk.rpc('suggest_transfer_units', { p_product_id: products[2] })) as { unit_id: string }[];
    expect(suggested.map((u) => u.unit_id)).not.toContain(centro);
    expect(unwrap(await (await as('compras')).rpc('suggest_transfer_units', { p_product_id: products[2] }))).toEqual([]);
    expect((await clerk.rpc('set_signature_link_hours', { p_hours: 1 })).error?.code).toBe('42501');
    const admin = await as('admin');
    expect((await admin.rpc('set_signature_link_hours', { p_hours: 0 })).error?.message).toBe('A validade deve ser de 1 a 720 horas');
    expect((await admin.rpc('set_signature_link_hours', { p_hours: 72 })).error).toBeNull();
    expect(settingsSchema.parse(unwrap(await clerk.rpc('get_signature_settings')))).toEqual({ signature_link_hours: 72 });
  });
});
