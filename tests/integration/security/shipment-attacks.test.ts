/**
 * Second attacker review (issue 21), remessas: each finding replayed as an attacker sends it, not as
 * the screens do. Fixed by supabase/migrations/20261126140000_shipments_hardening.sql.
 *
 *  - item 6: a forged X-Forwarded-For first entry is not the signature's evidence address (it is
 *    kept apart, as declared by the client) and does not escape the per-address rate limit;
 *  - item 9: a signature that is not a PNG (any base64, an HTML page, PNG's magic bytes alone) or a
 *    PNG of absurd dimensions is refused through the public refusal path and changes nothing;
 *  - item 11: 'infinity' as a line's expiry is refused and creates nothing;
 *  - item 14: a signature from the address or the browser (device id) that dispatched the shipment or
 *    made its link is accepted but flagged by the database, whatever the client claims.
 *
 * The harness's gateway takes the device's address from `Sb-Forwarded-For` (tests/utils/env.ts) and
 * appends it to whatever X-Forwarded-For the client sent, as Supabase's gateway does.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD, DEMO_USERS } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';
import { pngBytes, pngDataUrl } from '../../utils/png.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `atk-rem-${randomUUID().slice(0, 8)}`;
const CPF = '529.982.247-25';
const SIGNATURE = pngDataUrl(320, 120);
let counter = 0;

/** A fresh address from the documentation prefix, one per simulated device. */
function newAddress(): string {
  counter += 1;
  return `2001:db8:21::${process.pid.toString(16)}:${counter.toString(16)}`;
}

/** A client whose gateway-seen address is `address`, sending `forwardedFor` as its own X-Forwarded-For claim. */
function device(address: string, forwardedFor?: string): SupabaseClient {
  const headers: Record<string, string> = { 'Sb-Forwarded-For': address };
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  return createClient(backend.apiUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket (realtime is not used here).
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']> },
    global: { headers },
  });
}

async function clerkAt(address: string): Promise<SupabaseClient> {
  const client = device(address);
  const { error } = await client.auth.signInWithPassword({ email: DEMO_USERS.balconista.email, password: DEMO_PASSWORD });
  if (error) throw new Error(error.message);
  return client;
}

let centro = '';
let sul = '';
let product = '';

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const units = (await db.query<{ id: string; name: string }>(`select id, name from public.store_units where name in ('Unidade Centro', 'Unidade Sul')`)).rows;
    centro = units.find((u) => u.name === 'Unidade Centro')!.id;
    sul = units.find((u) => u.name === 'Unidade Sul')!.id;
    product = (await db.query<{ id: string }>('select id from public.products order by name limit 1')).rows[0]!.id;
  } finally {
    await db.end();
  }
});

/** A Centro → Sul shipment dispatched and linked by `clerk`, each step with its device id when given. */
async function dispatchedWithLink(clerk: SupabaseClient, devices: { dispatch?: string; link?: string } = {}): Promise<{ id: string; token: string }> {
  const id = unwrap(await clerk.rpc('save_shipment', {
    p_id: null, p_origin_unit_id: centro, p_destination_unit_id: sul, p_notes: tag, p_items: [{ product_id: product, quantity: 2 }],
  })) as string;
  expect((await clerk.rpc('dispatch_shipment', { p_id: id, ...(devices.dispatch ? { p_device_id: devices.dispatch } : {}) })).error).toBeNull();
  const link = unwrap(await clerk.rpc('create_signature_link', { p_shipment_id: id, ...(devices.link ? { p_device_id: devices.link } : {}) })) as { token: string };
  return { id, token: link.token };
}

interface StoredSignature {
  ip_address: string | null;
  declared_ips: string | null;
  signed_on_sender_device: boolean;
  signed_from_sender_address: boolean;
}

/** What the database holds for a shipment: its status, the link's use and the signature (if any). */
async function stored(id: string): Promise<{ status: string; used: boolean; signature: StoredSignature | null }> {
  const db = await sql(backend);
  try {
    const shipment = (await db.query<{ status: string }>('select status from public.shipments where id = $1', [id])).rows[0]!;
    const used = (await db.query<{ used: boolean }>('select bool_or(used_at is not null) as used from public.shipment_signature_links where shipment_id = $1', [id])).rows[0]!.used;
    const signature = (await db.query<StoredSignature>(
      'select ip_address, declared_ips, signed_on_sender_device, signed_from_sender_address from public.shipment_signatures where shipment_id = $1', [id],
    )).rows[0] ?? null;
    return { status: shipment.status, used, signature };
  } finally {
    await db.end();
  }
}

const sign = (client: SupabaseClient, token: string, extra: Record<string, unknown> = {}) =>
  client.rpc('sign_shipment', { p_token: token, p_signer_name: 'Maria da Silva', p_signer_document: CPF, p_signature_png: SIGNATURE, p_lines: [], ...extra });

describe('item 6: the evidence address is the one the gateway saw', () => {
  it('a forged X-Forwarded-For first entry is kept apart as declared, never stored or shown as the signer\'s address', async () => {
    const { id, token } = await dispatchedWithLink(await clerkAt(newAddress()));
    const signer = newAddress();
    expect((await sign(device(signer, '203.0.113.66, 10.0.0.7'), token)).error).toBeNull();
    expect((await stored(id)).signature).toMatchObject({ ip_address: signer, declared_ips: '203.0.113.66, 10.0.0.7' });

    const clerk = await clerkAt(newAddress());
    const evidence = unwrap(await clerk.rpc('get_shipment_evidence', { p_shipment_id: id })) as { signature: { ip_address: string; declared_ips: string | null } };
    expect(evidence.signature).toMatchObject({ ip_address: signer, declared_ips: '203.0.113.66, 10.0.0.7' });
  });

  it('a new forged first entry on every attempt does not escape the per-address limit', async () => {
    const address = newAddress();
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) {
      const { error } = await device(address, `198.51.100.${i + 1}`).rpc('get_shipment_for_signature', { p_token: 'e'.repeat(64) });
      codes.push(error?.code ?? 'ok');
    }
    expect(codes.slice(0, 30).every((code) => code === 'P0001')).toBe(true);
    expect(codes[30]).toBe('54000');
  });
});

describe('item 9: the signature must really be a PNG', () => {
  it('refuses anything else through the public refusal (400, Portuguese message) and changes nothing', async () => {
    const { id, token } = await dispatchedWithLink(await clerkAt(newAddress()));
    const attacker = device(newAddress());
    const magicOnly = Buffer.concat([pngBytes(320, 120).subarray(0, 8), Buffer.from('<html><body onload="alert(1)">'.repeat(20))]);
    const noEnd = pngBytes(320, 120).subarray(0, -12);
    const notPng = 'A assinatura enviada não é uma imagem PNG';
    const cases: [string, string][] = [
      [`data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'.repeat(5)).toString('base64')}`, notPng],
      [`data:image/png;base64,${magicOnly.toString('base64')}`, notPng],
      [`data:image/png;base64,${noEnd.toString('base64')}`, notPng],
      [`data:image/png;base64,${'QUFB'.repeat(100)}`, notPng],
      [`data:image/png;base64,${pngBytes(320, 120).toString('base64')}%%%`, notPng],
      [pngDataUrl(10_000, 120), 'A imagem da assinatura tem 10000 × 120 pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura'],
      [pngDataUrl(320, 4_001), 'A imagem da assinatura tem 320 × 4001 pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura'],
      [pngDataUrl(49, 120), 'A imagem da assinatura tem 49 × 120 pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura'],
    ];
    for (const [png, message] of cases) {
      const { data, error, status } = await sign(attacker, token, { p_signature_png: png });
      expect({ png: png.slice(0, 60), status, data, error: { code: error?.code, message: error?.message } })
        .toEqual({ png: png.slice(0, 60), status: 400, data: null, error: { code: '22023', message } });
    }
    expect(await stored(id)).toEqual({ status: 'PENDENTE', used: false, signature: null });
    // A real drawing still signs.
    expect((await sign(attacker, token)).error).toBeNull();
  });
});

describe("item 11: no non-finite dates", () => {
  it("refuses 'infinity' as a line's expiry and creates nothing", async () => {
    const clerk = await clerkAt(newAddress());
    const count = async () => {
      const db = await sql(backend);
      try {
        return (await db.query<{ n: string }>('select count(*) as n from public.shipments where notes = $1', [`${tag}-inf`])).rows[0]!.n;
      } finally {
        await db.end();
      }
    };
    for (const expiry of ['infinity', '-infinity', 'Infinity']) {
      const { error } = await clerk.rpc('save_shipment', {
        p_id: null, p_origin_unit_id: centro, p_destination_unit_id: sul, p_notes: `${tag}-inf`, p_items: [{ product_id: product, quantity: 1, expiry_date: expiry }],
      });
      expect(error).toMatchObject({ code: '22023', message: expect.stringMatching(/^Validade inválida: .+ \(use uma data até 31\/12\/2100\)$/) });
    }
    expect(await count()).toBe('0');
  });
});

describe("item 14: a signature at the sender's address or browser is flagged", () => {
  it('from the address that made the link: accepted, flagged in the database, the list and the receipt', async () => {
    const counter = newAddress();
    const clerk = await clerkAt(counter);
    const { id, token } = await dispatchedWithLink(clerk);
    // Signed at the same counter, in another (private) window: no device id, the same address.
    expect((await sign(device(counter), token)).error).toBeNull();
    expect(await stored(id)).toMatchObject({ status: 'ENTREGUE', signature: { ip_address: counter, signed_from_sender_address: true, signed_on_sender_device: false } });

    const list = unwrap(await clerk.rpc('list_shipments', { p_search: tag, p_status: 'ENTREGUE', p_limit: 200 })) as { rows: { id: string; signed_at_sender: boolean }[] };
    expect(list.rows.find((row) => row.id === id)?.signed_at_sender).toBe(true);
    const evidence = unwrap(await clerk.rpc('get_shipment_evidence', { p_shipment_id: id })) as { signature: Record<string, unknown> };
    expect(evidence.signature).toMatchObject({ signed_from_sender_address: true, signed_on_sender_device: false });
  });

  it('from the browser that dispatched, behind another address: flagged by the device id compared in the database', async () => {
    const browser = randomUUID();
    const { id, token } = await dispatchedWithLink(await clerkAt(newAddress()), { dispatch: browser });
    // The public page of the same browser sends the same id (mobile data: another address).
    expect((await sign(device(newAddress()), token, { p_device_id: browser.toUpperCase() })).error).toBeNull();
    expect((await stored(id)).signature).toMatchObject({ signed_on_sender_device: true, signed_from_sender_address: false });
  });

  it('the browser that made the link counts as well; another browser and address are not flagged; a forged id flags nothing', async () => {
    const browser = randomUUID();
    const made = await dispatchedWithLink(await clerkAt(newAddress()), { dispatch: randomUUID(), link: browser });
    expect((await sign(device(newAddress()), made.token, { p_device_id: browser })).error).toBeNull();
    expect((await stored(made.id)).signature).toMatchObject({ signed_on_sender_device: true, signed_from_sender_address: false });

    const other = await dispatchedWithLink(await clerkAt(newAddress()), { dispatch: randomUUID(), link: randomUUID() });
    expect((await sign(device(newAddress()), other.token, { p_device_id: randomUUID() })).error).toBeNull();
    expect((await stored(other.id)).signature).toMatchObject({ signed_on_sender_device: false, signed_from_sender_address: false });

    // A client cannot set the flags itself, nor match by sending something that is not a device id.
    const forged = await dispatchedWithLink(await clerkAt(newAddress()));
    const { error } = await sign(device(newAddress()), forged.token, { p_device_id: "' or true --", signed_on_sender_device: false });
    expect(error).not.toBeNull();
    expect((await sign(device(newAddress()), forged.token, { p_device_id: "' or true --" })).error).toBeNull();
    expect((await stored(forged.id)).signature).toMatchObject({ signed_on_sender_device: false, signed_from_sender_address: false });
  });
});
