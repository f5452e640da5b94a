/**
 * Issue 29: each ai-chat tool on a hand-computed fixture, through functions.invoke as the administrator (the
 * built-in answer: the test backend's model stand-in fails by default). Written by the superuser with triggers off
 * so every time is known, in March 2021, far from the seed and from other tests.
 *
 * Batch B (Centro, sent 2021-03-10 12:00Z, closed 2021-03-12 12:00Z), invited Alfa, X, Y and Beta (Beta never answers):
 *   s1  Produto Zolpiassist need 10   Alfa 9,50 no term | X 10,00 at 60 days + 2 bonus, substitute "Genérico Similar" (winner,
 *                                      ordered 10 at 10,00 on 2021-03-15) | Y 12,00
 *   s2  Produto Quetiassist need 5    priced by nobody (Alfa and Y left it blank)
 * An earlier purchase of Zolpiassist at 9,00 on 2021-02-01.
 * Effective costs of s1 at 2 % a month: Alfa 9,50; X 10 × 10 ÷ 1,02² ÷ 12 = 8,0097; Y 12,00.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = randomUUID().slice(0, 8);
const id = () => randomUUID();
const ids = {
  x: id(), y: id(), p1: id(), p2: id(), batch: id(), s1: id(), s2: id(), history: id(), hs: id(), ho: id(),
  qAlfa: id(), qX: id(), qY: id(), order: id(), i1a: id(), i1x: id(), i1y: id(), i2a: id(), i2y: id(),
};
const X_NAME = `Fornecedor Xis ${tag}`;
const Y_NAME = `Fornecedor Ypsilon ${tag}`;
const P1 = `Produto Zolpiassist ${tag}`;
const P2 = `Produto Quetiassist ${tag}`;
const BATCH = `Lote Assistente ${tag}`;
let adminId = '';

async function ask(client: SupabaseClient, message: string): Promise<{ response: string; tool: string | null; rows: number }> {
  const { data, error } = await client.functions.invoke('ai-chat', { body: { message, context: 'compras' } });
  if (error) throw error;
  return data as { response: string; tool: string | null; rows: number };
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const lookup = await db.query<{ alfa: string; beta: string; centro: string; admin: string }>(
      `select (select id from public.suppliers where name = 'Distribuidora Alfa') as alfa,
              (select id from public.suppliers where name = 'Distribuidora Beta') as beta,
              (select id from public.store_units where name = 'Unidade Centro') as centro,
              (select id from auth.users where email = 'admin@farmacia.local') as admin`,
    );
    const { alfa, beta, centro, admin } = lookup.rows[0]!;
    adminId = admin;
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    const q = (text: string, values: unknown[]) => db.query(text, values);
    await q('insert into public.suppliers (id, name) values ($1, $2), ($3, $4)', [ids.x, X_NAME, ids.y, Y_NAME]);
    await q('insert into public.products (id, name) values ($1, $2), ($3, $4)', [ids.p1, P1, ids.p2, P2]);
    await q(
      `insert into public.quote_batches (id, name, status, unit_id, created_at, sent_at, closed_at, created_by)
       values ($1, $2, 'PEDIDO_ENVIADO', $3, '2021-03-09T12:00:00Z', '2021-03-10T12:00:00Z', '2021-03-12T12:00:00Z', $4)`,
      [ids.batch, BATCH, centro, adminId],
    );
    for (const [sid, product, need] of [[ids.s1, ids.p1, 10], [ids.s2, ids.p2, 5]] as const) {
      await q(
        `insert into public.shortages (id, product_id, unit_id, requested_quantity, status, batch_id, created_at, created_by, observation)
         values ($1, $2, $3, $4, 'PEDIDO_ENVIADO', $5, '2021-03-01T12:00:00Z', $6, $7)`,
        [sid, product, centro, need, ids.batch, adminId, tag],
      );
    }
    for (const supplier of [alfa, ids.x, ids.y, beta]) {
      await q('insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at) values ($1, $2, $3)', [ids.batch, supplier, '2021-03-10T12:00:00Z']);
    }
    for (const [qid, supplier, status, term] of [[ids.qAlfa, alfa, 'PERDEDORA', null], [ids.qX, ids.x, 'VENCEDORA', 60], [ids.qY, ids.y, 'PERDEDORA', null]] as const) {
      await q(
        `insert into public.quotes (id, batch_id, supplier_id, status, submitted_at, payment_term_days, selected, created_at)
         values ($1, $2, $3, $4, '2021-03-11T12:00:00Z', $5, $4 = 'VENCEDORA', '2021-03-10T12:00:00Z')`,
        [qid, ids.batch, supplier, status, term],
      );
    }
    const item = (iid: string, qid: string, sid: string, price: number | null, bonus: number, winner: boolean, substitute: string | null) =>
      q(
        `insert into public.quote_items (id, quote_id, shortage_id, unit_price, has_bonus, bonus_quantity, is_winner, wants_substitute, substitute_product_name)
         values ($1, $2, $3, $4, $5 > 0, greatest($5, 1), $6, $7::text is not null, $7::text)`,
        [iid, qid, sid, price, bonus, winner, substitute],
      );
    await item(ids.i1a, ids.qAlfa, ids.s1, 9.5, 0, false, null);
    await item(ids.i1x, ids.qX, ids.s1, 10, 2, true, 'Genérico Similar');
    await item(ids.i1y, ids.qY, ids.s1, 12, 0, false, null);
    await item(ids.i2a, ids.qAlfa, ids.s2, null, 0, false, null);
    await item(ids.i2y, ids.qY, ids.s2, null, 0, false, null);
    const order = (oid: string, batch: string, supplier: string, at: string) =>
      q(
        `insert into public.purchase_orders (id, batch_id, supplier_id, status, created_at, delivery_date, promised_date, created_by)
         values ($1, $2, $3, 'SOLICITADO', $4, ($4::timestamptz + interval '5 days')::date, ($4::timestamptz + interval '5 days')::date, $5)`,
        [oid, batch, supplier, at, adminId],
      );
    await order(ids.order, ids.batch, ids.x, '2021-03-15T12:00:00Z');
    await q(
      `insert into public.purchase_order_items (order_id, shortage_id, quantity, requested_quantity, unit_price, quote_item_id)
       values ($1, $2, 10, 10, 10, $3)`,
      [ids.order, ids.s1, ids.i1x],
    );
    // The earlier purchase: its own batch, shortage, order and line.
    await q(
      `insert into public.quote_batches (id, name, status, unit_id, created_at, sent_at, closed_at, created_by)
       values ($1, $2, 'PEDIDO_ENVIADO', $3, '2021-01-20T12:00:00Z', '2021-01-21T12:00:00Z', '2021-01-22T12:00:00Z', $4)`,
      [ids.history, `Histórico ${tag}`, centro, adminId],
    );
    await q(
      `insert into public.shortages (id, product_id, unit_id, requested_quantity, status, batch_id, created_at, created_by, observation)
       values ($1, $2, $3, 1, 'PEDIDO_ENVIADO', $4, '2021-01-20T12:00:00Z', $5, $6)`,
      [ids.hs, ids.p1, centro, ids.history, adminId, tag],
    );
    await order(ids.ho, ids.history, alfa, '2021-02-01T12:00:00Z');
    await q(
      `insert into public.purchase_order_items (order_id, shortage_id, quantity, requested_quantity, unit_price) values ($1, $2, 1, 1, 9)`,
      [ids.ho, ids.hs],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    const batches = [ids.batch, ids.history];
    await db.query('delete from public.purchase_order_items where order_id in (select id from public.purchase_orders where batch_id = any($1))', [batches]);
    await db.query('delete from public.purchase_orders where batch_id = any($1)', [batches]);
    await db.query('delete from public.quote_items where quote_id in (select id from public.quotes where batch_id = any($1))', [batches]);
    await db.query('delete from public.quotes where batch_id = any($1)', [batches]);
    await db.query('delete from public.quote_batch_invitations where batch_id = any($1)', [batches]);
    await db.query('delete from public.shortages where batch_id = any($1)', [batches]);
    await db.query('delete from public.quote_batches where id = any($1)', [batches]);
    await db.query('delete from public.products where id = any($1)', [[ids.p1, ids.p2]]);
    await db.query('delete from public.suppliers where id = any($1)', [[ids.x, ids.y]]);
    await db.query('delete from public.ai_chat_log where user_id = $1', [adminId]);
    await db.query('commit');
  } finally {
    await db.end();
  }
});

const MARCH = 'em março de 2021';
const FOOTER_PERIOD = 'período: março de 2021 (01/03/2021 a 31/03/2021)';

describe('ai-chat tools on a fixture', () => {
  it('respostas_lote: who answered the batch and who did not', async () => {
    const { response, tool } = await ask(await as('admin'), `quem ainda não respondeu ${MARCH}?`);
    expect(tool).toBe('respostas_lote');
    const row = response.split('\n').find((line) => line.includes(BATCH))!;
    expect(row).toContain(`[${BATCH}](/compras?lote=${ids.batch})`);
    expect(row).toContain('10/03/2021 09:00');
    expect(row).toMatch(new RegExp(`\\| Distribuidora Alfa, ${X_NAME}, ${Y_NAME} \\| Distribuidora Beta \\|$`));
    expect(response).toContain(`_Dados usados: Respostas dos fornecedores por lote · ${FOOTER_PERIOD}`);
  });

  it('melhor_oferta: the cheapest price is not the cheapest in effect', async () => {
    const { response, tool } = await ask(await as('admin'), `qual a melhor oferta em custo efetivo ${MARCH}?`);
    expect(tool).toBe('melhor_oferta');
    expect(response).toContain(`| ${P1} | [${BATCH}](/compras?lote=${ids.batch}) | R$ 9,50 | Distribuidora Alfa | ${X_NAME} |`);
    expect(response).not.toContain(P2);
  });

  it('economia_ultimo_preco: paid 10,00 against a last price of 9,00 for 10 units', async () => {
    const { response, tool } = await ask(await as('admin'), `onde paguei mais caro ${MARCH}?`);
    expect(tool).toBe('economia_ultimo_preco');
    expect(response).toMatch(/custaram \*\*R\$ 10,00 a mais\*\* que pelo último preço pago/);
    expect(response).toContain(`| ${P1} | [${BATCH}](/compras?lote=${ids.batch}) | R$ 9,00 | R$ 10,00 | R$ 10,00 |`);
  });

  it('ranking_fornecedores: X won 10 × 10,00 of the one item each supplier quoted', async () => {
    const { response, tool } = await ask(await as('admin'), `quem ganhou mais ${MARCH}?`);
    expect(tool).toBe('ranking_fornecedores');
    expect(response).toContain(`Quem mais ganhou foi **${X_NAME}**, com R$ 100,00 em itens ganhos`);
    expect(response).toContain(`| 1º | ${X_NAME} | R$ 100,00 | 1 de 1 | 100% | 100% |`);
  });

  it('itens_sem_cotacao: the item nobody priced', async () => {
    const { response, tool, rows } = await ask(await as('admin'), `quais itens ficaram sem cotação ${MARCH}?`);
    expect(tool).toBe('itens_sem_cotacao');
    expect(rows).toBe(1);
    expect(response).toContain(`| ${P2} | [${BATCH}](/compras?lote=${ids.batch}) | Unidade Centro | 5 |`);
  });

  it('bonificacoes_substitutos: X’s bonus and substitute', async () => {
    const { response, tool, rows } = await ask(await as('admin'), `quais bonificações foram oferecidas ${MARCH}?`);
    expect(tool).toBe('bonificacoes_substitutos');
    expect(rows).toBe(1);
    expect(response).toContain(`| ${P1} | [${BATCH}](/compras?lote=${ids.batch}) | ${X_NAME} | bonificação de 2 un.; substituto: Genérico Similar |`);
  });

  it('historico_precos: the product’s purchases in the period, with the order', async () => {
    const { response, tool, rows } = await ask(await as('admin'), `histórico de preço do zolpiassist ${tag} no ano de 2021`);
    expect(tool).toBe('historico_precos');
    expect(rows).toBe(2);
    expect(response).toContain(`**${P1}**: 2 compras no período; último preço R$ 10,00, menor R$ 9,00, maior R$ 10,00.`);
    expect(response).toContain(`| 15/03/2021 09:00 | ${X_NAME} | R$ 10,00 | 10 | [ver pedido](/relatorio-compras?pedido=${ids.order}) |`);
    expect(response).toContain(`| 01/02/2021 09:00 | Distribuidora Alfa | R$ 9,00 | 1 |`);
  });
});
