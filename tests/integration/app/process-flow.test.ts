/**
 * get_process_flow through supabase-js as each demo account: every stage counts exactly what the caller may
 * read of it (the same RLS as the screens), a representative sees only their own supplier's quotes and orders
 * (and nothing of the shortages and open batches), a stage the role never sees is null, anon is refused, and a
 * new shortage moves the Faltas count of its unit's staff and of whoever sees every unit, no one else's.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFlowSchema, type ProcessStageKey } from '@/features/process-flow/schemas';
import { DEMO_USER_KEYS, signInAs, type DemoUserKey, type SignedInDemoUser } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `flow-${randomUUID().slice(0, 8)}`;
const sessions = new Map<DemoUserKey, SignedInDemoUser>();

async function flowOf(client: SupabaseClient): Promise<Record<ProcessStageKey, number | null>> {
  const flow = processFlowSchema.parse(unwrap(await client.rpc('get_process_flow')));
  return Object.fromEntries(flow.stages.map((s) => [s.key, s.count])) as Record<ProcessStageKey, number | null>;
}

/** What the caller reads of a table with a status filter, by plain select (RLS). */
async function visible(client: SupabaseClient, table: string, status: string): Promise<number> {
  const { count, error } = await client.from(table).select('id', { count: 'exact', head: true }).eq('status', status);
  if (error) throw error;
  return count ?? 0;
}

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  const db = await sql(backend);
  try {
    return (await db.query(query, params)).rows[0] as T;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  for (const key of DEMO_USER_KEYS) sessions.set(key, await signInAs(backend, key));
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query(`delete from public.shortages where observation = $1`, [tag]);
  } finally {
    await db.end();
  }
});

describe('get_process_flow', () => {
  it('answers the eight stages in order', async () => {
    const flow = processFlowSchema.parse(unwrap(await sessions.get('admin')!.client.rpc('get_process_flow')));
    expect(flow.stages.map((s) => s.key)).toEqual(['faltas', 'lotes', 'cotacoes', 'vencedores', 'pedidos', 'entregas', 'remessas', 'assinaturas']);
  });

  it.each(DEMO_USER_KEYS.filter((k) => !k.startsWith('representante')))('counts for %s what that account reads itself', async (key) => {
    const { client } = sessions.get(key)!;
    const flow = await flowOf(client);
    expect(flow.faltas).toBe(await visible(client, 'shortages', 'PENDENTE'));
    expect(flow.lotes).toBe(await visible(client, 'quote_batches', 'ABERTO'));
    const purchasing = ['admin', 'compras', 'analista'].includes(key);
    if (purchasing) {
      expect(flow.cotacoes).toBe(await visible(client, 'quotes', 'EM_ANDAMENTO'));
      expect(flow.vencedores).toBe(await visible(client, 'quote_batches', 'EM_COTACAO'));
      expect(flow.pedidos).toBe(await visible(client, 'quote_batches', 'COTACAO_FINALIZADA'));
      expect(flow.entregas).toBe(await visible(client, 'purchase_orders', 'SOLICITADO'));
    } else {
      // A clerk or pharmacist never sees quotes or orders: no number rather than a misleading 0.
      expect([flow.cotacoes, flow.vencedores, flow.pedidos, flow.entregas]).toEqual([null, null, null, null]);
    }
    const shipments = ['admin', 'balconista', 'balconista2', 'farmaceutico', 'analista'].includes(key);
    if (shipments) {
      expect(flow.remessas).toBe(await visible(client, 'shipments', 'SOLICITADO'));
      expect(flow.assinaturas).toBe(await visible(client, 'shipments', 'PENDENTE'));
    }
  });

  it('gives the administrator the whole chain, and a clerk only their unit', async () => {
    const all = await one<{ faltas: number; centro: number; remessas: number }>(
      `select (select count(*)::int from public.shortages where status = 'PENDENTE') as faltas,
              (select count(*)::int from public.shortages s join public.store_units u on u.id = s.unit_id
                where s.status = 'PENDENTE' and u.name = 'Unidade Centro') as centro,
              (select count(*)::int from public.shipments where status = 'SOLICITADO') as remessas`,
    );
    const admin = await flowOf(sessions.get('admin')!.client);
    expect(admin.faltas).toBe(all.faltas);
    expect(admin.remessas).toBe(all.remessas);
    expect((await flowOf(sessions.get('balconista')!.client)).faltas).toBe(all.centro);
    expect(all.centro).toBeLessThan(all.faltas);
  });

  it("shows a representative only their own supplier's quotes and orders, and nothing of shortages or open batches", async () => {
    for (const key of ['representante', 'representante2'] as const) {
      const { client, userId } = sessions.get(key)!;
      const own = await one<{ cotacoes: number; vencedores: number; pedidos: number; entregas: number }>(
        `with me as (select supplier_id from public.profiles where id = $1)
         select (select count(*)::int from public.quotes q, me where q.supplier_id = me.supplier_id and q.status = 'EM_ANDAMENTO') as cotacoes,
                (select count(*)::int from public.quote_batches b where b.status = 'EM_COTACAO'
                   and exists (select 1 from public.quotes q, me where q.batch_id = b.id and q.supplier_id = me.supplier_id)) as vencedores,
                (select count(*)::int from public.quote_batches b where b.status = 'COTACAO_FINALIZADA'
                   and exists (select 1 from public.quotes q, me where q.batch_id = b.id and q.supplier_id = me.supplier_id and q.status = 'VENCEDORA')) as pedidos,
                (select count(*)::int from public.purchase_orders o, me where o.supplier_id = me.supplier_id and o.status = 'SOLICITADO') as entregas`,
        [userId],
      );
      expect(await flowOf(client)).toEqual({ faltas: null, lotes: null, ...own, remessas: null, assinaturas: null });
    }
  });

  it('moves Faltas for the unit and whoever sees every unit when a clerk registers a shortage, nobody else', async () => {
    const keys = ['admin', 'compras', 'balconista', 'balconista2', 'farmaceutico'] as const;
    const before = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, (await flowOf(sessions.get(k)!.client)).faltas] as const)));
    const clerk = sessions.get('balconista')!.client;
    const product = await one<{ id: string }>(`select id from public.products order by name limit 1`);
    unwrap(await clerk.from('shortages').insert({ product_id: product.id, requested_quantity: 2, observation: tag }).select('id'));
    const after = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, (await flowOf(sessions.get(k)!.client)).faltas] as const)));
    expect(after).toEqual({
      admin: before.admin! + 1,
      compras: before.compras! + 1,
      balconista: before.balconista! + 1,
      balconista2: before.balconista2,
      farmaceutico: before.farmaceutico,
    });
  });

  it('refuses anon', async () => {
    const { error } = await anonClient(backend).rpc('get_process_flow');
    expect(error).not.toBeNull();
  });
});
