/**
 * ai-chat's tools: each answers one kind of question from the database, through the caller's own client (the
 * caller's JWT), so the same RLS policies and RPC checks apply as on the screens: a representative reads its own
 * supplier's quotes, orders and figures only, and the analysis RPCs answer it with its own scope. Every parameter
 * comes from intents.ts (a period of valid days, a known supplier name, product words matched with ilike after
 * escaping) or from the database itself; no text of a user or a model reaches a query otherwise. Read-only: no
 * tool writes anything.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { z } from 'npm:zod@4.6.7';
import { TOOL_NAMES, type Intent, type Period, type ToolName } from './intents.ts';
import {
  escapeText,
  formatAge,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  formatPercent,
  link,
  table,
} from './format.ts';

export interface ToolContext {
  client: SupabaseClient;
  /** The caller's supplier when it is a representative (its answers are about its own supplier only). */
  supplierId: string | null;
  now: Date;
  /** The São Paulo day (yyyy-MM-dd). */
  today: string;
}

export interface ToolResult {
  text: string;
  /** Rows of data the answer was written from. */
  rows: number;
  /** The filters the tool applied, as the answer's footer and the log state them. */
  filters: Record<string, string>;
}

/** A refusal or failure of the database while a tool ran, with the database's own Portuguese message if any. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** How each tool names itself in an answer's footer. */
export const TOOL_LABELS: Record<ToolName, string> = {
  lotes_aguardando: 'Lotes aguardando cotação',
  respostas_lote: 'Respostas dos fornecedores por lote',
  melhor_oferta: 'Melhor preço e melhor custo efetivo por item',
  economia_ultimo_preco: 'Economia contra o último preço pago',
  ranking_fornecedores: 'Taxa de vitória e valor ganho por fornecedor',
  itens_sem_cotacao: 'Itens sem cotação',
  bonificacoes_substitutos: 'Bonificações e substitutos oferecidos',
  historico_precos: 'Histórico de preços de um produto',
};

/** Lines of a list an answer shows (the rest is counted, and reachable on the screens). */
const SHOWN = 10;
const DEFAULT_DAYS = 90;
const MONTHLY_RATE = 0.02;

type Row = Record<string, unknown>;

function must<T>(result: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new ToolError(result.error.message, result.error.code ?? null);
  return result.data as T;
}

function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The question's period, or the last 90 days. */
function periodOf(intent: Intent, today: string): Period {
  return intent.period ?? { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today, label: `últimos ${DEFAULT_DAYS} dias` };
}

function periodFilter(period: Period): Record<string, string> {
  return { período: `${period.label} (${formatDay(period.from)} a ${formatDay(period.to)})` };
}

/** São Paulo midnight of a day, as an instant (Brazil has had no daylight saving time since 2019: UTC−3). */
function startOfDay(isoDay: string): string {
  return `${isoDay}T03:00:00.000Z`;
}

/**
 * A batch as a link to where the caller opens it: a buyer's /compras?lote={id}; a representative's own quote on
 * /cotacoes?cotacao={id} when it has one (it cannot open /compras), else the name as plain text.
 */
function batchLink(ctx: ToolContext, name: unknown, batchId: unknown, quoteId?: unknown): string {
  const label = String(name ?? 'Lote sem nome');
  if (!ctx.supplierId) return link(label, `/compras?lote=${batchId}`);
  return quoteId ? link(label, `/cotacoes?cotacao=${quoteId}`) : escapeText(label);
}

function more(total: number, shown: number): string {
  return total > shown ? `\n\nE mais ${total - shown} ${total - shown === 1 ? 'linha' : 'linhas'} (veja a tela de análise).` : '';
}

async function supplierIdByName(ctx: ToolContext, name: string | null): Promise<string | null> {
  if (!name) return null;
  const rows = must(await ctx.client.from('suppliers').select('id, name').eq('name', name).limit(1));
  const id = (rows as Row[])[0]?.id;
  return typeof id === 'string' ? id : null;
}

async function quoteAnalysis(ctx: ToolContext, period: Period, supplierId: string | null): Promise<Row> {
  const args: Row = { p_from: period.from, p_to: period.to, p_monthly_rate: MONTHLY_RATE };
  if (supplierId && !ctx.supplierId) args.p_supplier_id = supplierId;
  return must(await ctx.client.rpc('get_quote_analysis', args)) as Row;
}

// ---------------------------------------------------------------------------
// The tools

async function batchesWaiting(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  let query = ctx.client.from('quote_batches').select('id, name, sent_at').eq('status', 'EM_COTACAO').order('sent_at', { ascending: true });
  if (intent.period) query = query.gte('sent_at', startOfDay(intent.period.from)).lt('sent_at', startOfDay(addDays(intent.period.to, 1)));
  const batches = must(await query) as Row[];
  const filters = intent.period ? periodFilter(intent.period) : { situação: 'em cotação' };
  if (batches.length === 0) return { text: 'Nenhum lote está aguardando cotação.', rows: 0, filters };
  const ids = batches.map((b) => b.id as string);
  const [invitations, quotes] = await Promise.all([
    ctx.client.from('quote_batch_invitations').select('batch_id, supplier_id').in('batch_id', ids),
    ctx.client.from('quotes').select('id, batch_id, supplier_id, status').in('batch_id', ids),
  ]);
  const invited = must(invitations) as Row[];
  const allQuotes = must(quotes) as Row[];
  const answered = allQuotes.filter((q) => q.status !== 'EM_ANDAMENTO');
  const rows = batches.slice(0, SHOWN).map((b) => {
    const mine = (list: Row[]) => list.filter((r) => r.batch_id === b.id);
    const state = ctx.supplierId
      ? mine(answered).length > 0 ? 'sua cotação foi enviada' : 'sua cotação ainda não foi enviada'
      : `${mine(answered).length} de ${mine(invited).length} fornecedores responderam`;
    const ownQuote = ctx.supplierId ? allQuotes.find((q) => q.batch_id === b.id)?.id : undefined;
    return [batchLink(ctx, b.name ?? 'Lote sem nome', b.id, ownQuote), formatDateTime(b.sent_at as string), formatAge(b.sent_at as string, ctx.now), state];
  });
  const intro = batches.length === 1 ? '**1 lote** está aguardando cotação:' : `**${batches.length} lotes** estão aguardando cotação:`;
  return {
    text: `${intro}\n\n${table(['Lote', 'Enviado em', 'Aguardando', ctx.supplierId ? 'Situação' : 'Respostas'], rows)}${more(batches.length, SHOWN)}`,
    rows: batches.length,
    filters,
  };
}

async function answersPerBatch(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  let query = ctx.client.from('quote_batches').select('id, name, sent_at, status').not('sent_at', 'is', null).order('sent_at', { ascending: false });
  query = intent.period
    ? query.gte('sent_at', startOfDay(intent.period.from)).lt('sent_at', startOfDay(addDays(intent.period.to, 1)))
    : query.eq('status', 'EM_COTACAO');
  const batches = (must(await query.limit(50)) as Row[]);
  const filters: Record<string, string> = intent.period ? periodFilter(intent.period) : { situação: 'lotes em cotação' };
  if (batches.length === 0) return { text: 'Não há lotes enviados nesse período.', rows: 0, filters };
  const ids = batches.map((b) => b.id as string);
  const [invitationsResult, quotesResult, suppliersResult] = await Promise.all([
    ctx.client.from('quote_batch_invitations').select('batch_id, supplier_id').in('batch_id', ids),
    ctx.client.from('quotes').select('id, batch_id, supplier_id, status, submitted_at').in('batch_id', ids),
    ctx.client.from('suppliers').select('id, name'),
  ]);
  const invitations = must(invitationsResult) as Row[];
  const quotes = must(quotesResult) as Row[];
  const names = new Map((must(suppliersResult) as Row[]).map((s) => [s.id as string, s.name as string]));
  const onlySupplier = ctx.supplierId ? null : await supplierIdByName(ctx, intent.supplier);
  if (intent.supplier && !ctx.supplierId) filters.fornecedor = intent.supplier;
  if (ctx.supplierId) {
    // Its own invitations only (RLS): whether it answered each, nothing about the others.
    const own = batches.filter((b) => invitations.some((i) => i.batch_id === b.id));
    if (own.length === 0) return { text: 'Você não foi convidado para nenhum desses lotes.', rows: 0, filters };
    const rows = own.slice(0, SHOWN).map((b) => {
      const quote = quotes.find((q) => q.batch_id === b.id && q.status !== 'EM_ANDAMENTO');
      return [
        batchLink(ctx, b.name ?? 'Lote sem nome', b.id, quotes.find((q) => q.batch_id === b.id)?.id),
        formatDateTime(b.sent_at as string),
        quote ? `enviada em ${formatDateTime(quote.submitted_at as string)}` : 'ainda não enviada',
      ];
    });
    return { text: `Situação das suas cotações:\n\n${table(['Lote', 'Enviado em', 'Sua cotação'], rows)}${more(own.length, SHOWN)}`, rows: own.length, filters };
  }
  const rows: string[][] = [];
  for (const b of batches) {
    const invited = invitations.filter((i) => i.batch_id === b.id && (!onlySupplier || i.supplier_id === onlySupplier));
    if (invited.length === 0) continue;
    const sent = (supplier: unknown) => quotes.some((q) => q.batch_id === b.id && q.supplier_id === supplier && q.status !== 'EM_ANDAMENTO');
    const named = (list: Row[]) =>
      list.map((i) => names.get(i.supplier_id as string) ?? 'Fornecedor').sort((a, b) => a.localeCompare(b, 'pt-BR')).map((name) => escapeText(name));
    const answered = named(invited.filter((i) => sent(i.supplier_id)));
    const pending = named(invited.filter((i) => !sent(i.supplier_id)));
    rows.push([
      batchLink(ctx, b.name ?? 'Lote sem nome', b.id),
      formatDateTime(b.sent_at as string),
      answered.length > 0 ? answered.join(', ') : '—',
      pending.length > 0 ? pending.join(', ') : '—',
    ]);
  }
  if (rows.length === 0) return { text: 'Nenhum convite encontrado para esses lotes.', rows: 0, filters };
  const pendingTotal = rows.filter((r) => r[3] !== '—').length;
  const intro = pendingTotal === 0
      ? 'Todos os fornecedores convidados já responderam:'
      : `Há respostas pendentes em **${pendingTotal} ${pendingTotal === 1 ? 'lote' : 'lotes'}**:`;
  return {
    text: `${intro}\n\n${table(['Lote', 'Enviado em', 'Responderam', 'Ainda não responderam'], rows.slice(0, SHOWN))}${more(rows.length, SHOWN)}`,
    rows: rows.length,
    filters,
  };
}

async function bestOffer(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = periodOf(intent, ctx.today);
  const filters = periodFilter(period);
  const doc = await quoteAnalysis(ctx, period, null);
  const productWords = intent.product ? normalizeWords(intent.product) : null;
  if (productWords) filters.produto = intent.product!;
  if (doc.scope === 'SUPPLIER') {
    const lines = ((doc.lines as Row[]) ?? []).filter((l) => matchesProduct(l.product_name, productWords));
    if (lines.length === 0) return { text: 'Você não tem itens cotados em lotes encerrados nesse período.', rows: 0, filters };
    const rows = lines.slice(0, SHOWN).map((l) => [
      escapeText(l.product_name as string),
      batchLink(ctx, l.batch_name ?? 'Lote', l.batch_id),
      formatMoney(l.my_price as number),
      `${l.my_rank}º`,
      escapeText(String(l.band)),
    ]);
    return { text: `Suas posições nos itens cotados:\n\n${table(['Produto', 'Lote', 'Seu preço', 'Sua posição', 'Distância do melhor preço'], rows)}${more(lines.length, SHOWN)}`, rows: lines.length, filters };
  }
  const items = ((doc.items as Row[]) ?? []).filter((i) => (i.offers as number) > 0 && matchesProduct(i.product_name, productWords));
  if (items.length === 0) return { text: 'Nenhum item recebeu ofertas nesse período.', rows: 0, filters };
  // The items where the cheapest price is not the cheapest in effect first: where the choice matters.
  const ordered = [...items.filter((i) => i.effective_differs), ...items.filter((i) => !i.effective_differs)];
  const rows = ordered.slice(0, SHOWN).map((i) => [
    escapeText(i.product_name as string),
    batchLink(ctx, i.batch_name ?? 'Lote', i.batch_id),
    formatMoney(i.min_price as number),
    escapeText(i.best_price_supplier_name as string),
    escapeText(i.best_effective_supplier_name as string),
  ]);
  const differs = items.filter((i) => i.effective_differs).length;
  const intro = differs > 0
    ? `Em **${differs} de ${items.length} itens** o menor preço não é o menor custo efetivo (bonificação, prazo a 2 % ao mês e quantidade mínima contam):`
    : `Em todos os ${items.length} itens o menor preço também é o menor custo efetivo:`;
  return { text: `${intro}\n\n${table(['Produto', 'Lote', 'Menor preço', 'Menor preço de', 'Menor custo efetivo de'], rows)}${more(items.length, SHOWN)}`, rows: items.length, filters };
}

async function savingsAgainstLastPrice(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = periodOf(intent, ctx.today);
  const filters = periodFilter(period);
  const doc = await quoteAnalysis(ctx, period, null);
  if (doc.scope === 'SUPPLIER') {
    return { text: 'A economia contra o último preço pago compara os preços de todos os fornecedores e não está disponível para representantes.', rows: 0, filters };
  }
  const summary = doc.summary as Row;
  const items = ((doc.items as Row[]) ?? []).filter((i) => i.awarded_price !== null && i.last_price !== null);
  const dearer = items
    .filter((i) => (i.awarded_price as number) > (i.last_price as number))
    .sort((a, b) => ((b.awarded_price as number) - (b.last_price as number)) * (b.quantity as number) - ((a.awarded_price as number) - (a.last_price as number)) * (a.quantity as number));
  const savings = summary.savings_vs_last as number | null;
  const bought = `${formatNumber(summary.awarded_lines as number)}, valor ${formatMoney(summary.awarded_value as number)}`;
  const lines = [
    savings === null
      ? `Não há último preço pago para comparar com os itens comprados (${bought}).`
      : savings >= 0
        ? `Economia contra o último preço pago: **${formatMoney(savings)}** nos itens comprados (${bought}).`
        : `Os itens comprados (${bought}) custaram **${formatMoney(-savings)} a mais** que pelo último preço pago.`,
  ];
  if (dearer.length === 0) {
    lines.push('Nenhum item foi comprado acima do último preço pago.');
    return { text: lines.join('\n\n'), rows: items.length, filters };
  }
  lines.push(`**${dearer.length} ${dearer.length === 1 ? 'item foi comprado' : 'itens foram comprados'}** acima do último preço pago:`);
  lines.push(
    table(
      ['Produto', 'Lote', 'Último preço', 'Preço pago', 'Diferença no item'],
      dearer.slice(0, SHOWN).map((i) => [
        escapeText(i.product_name as string),
        batchLink(ctx, i.batch_name ?? 'Lote', i.batch_id),
        formatMoney(i.last_price as number),
        formatMoney(i.awarded_price as number),
        formatMoney(Math.round(((i.awarded_price as number) - (i.last_price as number)) * (i.quantity as number) * 100) / 100),
      ]),
    ) + more(dearer.length, SHOWN),
  );
  return { text: lines.join('\n\n'), rows: items.length, filters };
}

async function supplierRanking(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = periodOf(intent, ctx.today);
  const filters = periodFilter(period);
  if (ctx.supplierId) {
    const doc = await quoteAnalysis(ctx, period, null);
    const s = (doc.summary ?? {}) as Row;
    return {
      text:
        `Seus números no período: ${formatNumber(s.items_quoted as number)} itens cotados, ${formatNumber(s.items_won as number)} ganhos ` +
        `(taxa de vitória ${formatPercent(s.win_rate as number | null)}), valor ganho ${formatMoney(s.value_won as number)}, ` +
        `taxa de resposta ${formatPercent(s.response_rate as number | null)}.`,
      rows: 1,
      filters,
    };
  }
  const supplierId = await supplierIdByName(ctx, intent.supplier);
  if (intent.supplier) filters.fornecedor = intent.supplier;
  const doc = await quoteAnalysis(ctx, period, supplierId);
  const suppliers = ((doc.suppliers as Row[]) ?? []).filter((s) => (s.items_quoted as number) > 0 || (s.value_won as number) > 0);
  if (suppliers.length === 0) return { text: 'Nenhum fornecedor cotou nesse período.', rows: 0, filters };
  const rows = suppliers.slice(0, SHOWN).map((s, index) => [
    `${index + 1}º`,
    escapeText(s.supplier_name as string),
    formatMoney(s.value_won as number),
    `${formatNumber(s.items_won as number)} de ${formatNumber(s.items_quoted as number)}`,
    formatPercent(s.win_rate as number | null),
    formatPercent(s.response_rate as number | null),
  ]);
  const top = suppliers[0]!;
  const intro = supplierId
    ? `${escapeText(top.supplier_name as string)} no período:`
    : `Quem mais ganhou foi **${escapeText(top.supplier_name as string)}**, com ${formatMoney(top.value_won as number)} em itens ganhos:`;
  return { text: `${intro}\n\n${table(['#', 'Fornecedor', 'Valor ganho', 'Itens ganhos', 'Taxa de vitória', 'Taxa de resposta'], rows)}${more(suppliers.length, SHOWN)}`, rows: suppliers.length, filters };
}

async function itemsWithoutOffers(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = periodOf(intent, ctx.today);
  const filters = periodFilter(period);
  if (ctx.supplierId) {
    // Its own quote lines left without a price in batches still in quotation (RLS: its own quotes only).
    const quotes = must(await ctx.client.from('quotes').select('id, batch_id').eq('supplier_id', ctx.supplierId)) as Row[];
    const open = must(await ctx.client.from('quote_batches').select('id, name').eq('status', 'EM_COTACAO').in('id', [...new Set(quotes.map((q) => q.batch_id as string))])) as Row[];
    const openIds = new Set(open.map((b) => b.id as string));
    const openQuotes = quotes.filter((q) => openIds.has(q.batch_id as string));
    if (openQuotes.length === 0) return { text: 'Você não tem cotações em lotes abertos.', rows: 0, filters: { situação: 'lotes em cotação' } };
    const lines = must(await ctx.client.from('quote_items').select('id, quote_id, shortage_id').in('quote_id', openQuotes.map((q) => q.id as string)).is('unit_price', null)) as Row[];
    return {
      text: lines.length === 0 ? 'Todos os itens das suas cotações abertas têm preço.' : `Você ainda não deu preço a **${lines.length} ${lines.length === 1 ? 'item' : 'itens'}** das suas cotações em lotes abertos.`,
      rows: lines.length,
      filters: { situação: 'lotes em cotação' },
    };
  }
  const doc = await quoteAnalysis(ctx, period, null);
  const items = ((doc.items as Row[]) ?? []).filter((i) => (i.offers as number) === 0);
  if (items.length === 0) return { text: 'Todos os itens dos lotes do período receberam ao menos uma oferta.', rows: 0, filters };
  const rows = items.slice(0, SHOWN).map((i) => [
    escapeText(i.product_name as string),
    batchLink(ctx, i.batch_name ?? 'Lote', i.batch_id),
    escapeText((i.unit_name as string | null) ?? '—'),
    formatNumber(i.quantity as number),
  ]);
  return {
    text: `**${items.length} ${items.length === 1 ? 'item ficou' : 'itens ficaram'}** sem nenhuma oferta:\n\n${table(['Produto', 'Lote', 'Unidade', 'Quantidade'], rows)}${more(items.length, SHOWN)}`,
    rows: items.length,
    filters,
  };
}

async function bonusesAndSubstitutes(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = periodOf(intent, ctx.today);
  const filters = periodFilter(period);
  const batches = must(
    await ctx.client.from('quote_batches').select('id, name').gte('sent_at', startOfDay(period.from)).lt('sent_at', startOfDay(addDays(period.to, 1))),
  ) as Row[];
  if (batches.length === 0) return { text: 'Nenhum lote foi enviado nesse período.', rows: 0, filters };
  const supplierId = ctx.supplierId ?? (await supplierIdByName(ctx, intent.supplier));
  if (intent.supplier && !ctx.supplierId) filters.fornecedor = intent.supplier;
  let quotesQuery = ctx.client.from('quotes').select('id, batch_id, supplier_id').in('batch_id', batches.map((b) => b.id as string)).neq('status', 'EM_ANDAMENTO');
  if (supplierId) quotesQuery = quotesQuery.eq('supplier_id', supplierId);
  const quotes = must(await quotesQuery) as Row[];
  if (quotes.length === 0) return { text: 'Nenhuma cotação enviada nesse período.', rows: 0, filters };
  const lines = must(
    await ctx.client
      .from('quote_items')
      .select('quote_id, shortage_id, has_bonus, bonus_quantity, bonus_product_name, substitute_product_name, substitute_manufacturer')
      .in('quote_id', quotes.map((q) => q.id as string))
      .or('has_bonus.eq.true,substitute_product_name.not.is.null'),
  ) as Row[];
  if (lines.length === 0) return { text: 'Nenhuma bonificação ou substituto foi oferecido nesse período.', rows: 0, filters };
  const [suppliersResult, shortagesResult] = await Promise.all([
    ctx.client.from('suppliers').select('id, name'),
    ctx.client.from('shortages').select('id, product_id').in('id', [...new Set(lines.map((l) => l.shortage_id as string))]),
  ]);
  const supplierNames = new Map((must(suppliersResult) as Row[]).map((s) => [s.id, s.name as string]));
  const shortages = must(shortagesResult) as Row[];
  const products = must(await ctx.client.from('products').select('id, name').in('id', [...new Set(shortages.map((s) => s.product_id as string))])) as Row[];
  const productOfShortage = new Map(shortages.map((s) => [s.id, products.find((p) => p.id === s.product_id)?.name as string | undefined]));
  const quoteById = new Map(quotes.map((q) => [q.id, q]));
  const batchName = new Map(batches.map((b) => [b.id, b.name as string | null]));
  const rows = lines.slice(0, SHOWN).map((l) => {
    const quote = quoteById.get(l.quote_id)!;
    const offer = [
      l.has_bonus ? `bonificação de ${formatNumber(l.bonus_quantity as number)} un.${l.bonus_product_name ? ` (${escapeText(l.bonus_product_name as string, 60)})` : ''}` : '',
      l.substitute_product_name
        ? `substituto: ${escapeText(l.substitute_product_name as string, 60)}${l.substitute_manufacturer ? ` (${escapeText(l.substitute_manufacturer as string, 40)})` : ''}`
        : '',
    ].filter(Boolean).join('; ');
    return [
      escapeText(productOfShortage.get(l.shortage_id) ?? 'Produto'),
      batchLink(ctx, batchName.get(quote.batch_id) ?? 'Lote', quote.batch_id, quote.id),
      escapeText(supplierNames.get(quote.supplier_id) ?? 'Fornecedor'),
      offer,
    ];
  });
  return {
    text: `**${lines.length} ${lines.length === 1 ? 'oferta traz' : 'ofertas trazem'}** bonificação ou substituto:\n\n${table(['Produto', 'Lote', 'Fornecedor', 'Oferta'], rows)}${more(lines.length, SHOWN)}`,
    rows: lines.length,
    filters,
  };
}

async function priceHistory(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const period = intent.period ?? { from: addDays(ctx.today, -364), to: ctx.today, label: 'últimos 12 meses' };
  const filters = periodFilter(period);
  if (!intent.product) {
    return { text: 'De qual produto? Pergunte, por exemplo, "histórico de preço da dipirona".', rows: 0, filters };
  }
  filters.produto = intent.product;
  const pattern = `%${intent.product.replace(/[%_\\]/g, (c) => `\\${c}`).split(' ').join('%')}%`;
  const products = must(await ctx.client.from('products').select('id, name').ilike('name', pattern).order('name').limit(5)) as Row[];
  if (products.length === 0) return { text: `Nenhum produto encontrado para "${escapeText(intent.product)}".`, rows: 0, filters };
  const shortages = must(
    await ctx.client.from('shortages').select('id, product_id').in('product_id', products.map((p) => p.id as string)).order('created_at', { ascending: false }).limit(1000),
  ) as Row[];
  const lines = shortages.length === 0
    ? []
    : (must(await ctx.client.from('purchase_order_items').select('order_id, shortage_id, unit_price, quantity').in('shortage_id', shortages.map((s) => s.id as string))) as Row[]);
  const orders = lines.length === 0
    ? []
    : (must(
        await ctx.client
          .from('purchase_orders')
          .select('id, created_at, supplier_id')
          .in('id', [...new Set(lines.map((l) => l.order_id as string))])
          .gte('created_at', startOfDay(period.from))
          .lt('created_at', startOfDay(addDays(period.to, 1))),
      ) as Row[]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const productOf = new Map(shortages.map((s) => [s.id, s.product_id as string]));
  const inPeriod = lines.filter((l) => orderById.has(l.order_id));
  // Of the products the words match, the one bought most in the period (the others are named below).
  const count = (productId: unknown) => inPeriod.filter((l) => productOf.get(l.shortage_id) === productId).length;
  const product = [...products].sort((a, b) => count(b.id) - count(a.id))[0]!;
  const bought = inPeriod
    .filter((l) => productOf.get(l.shortage_id) === product.id)
    .sort((a, b) => String(orderById.get(b.order_id)!.created_at).localeCompare(String(orderById.get(a.order_id)!.created_at)));
  const others = products.length > 1
    ? `\n\nOutros produtos com esse nome: ${products.filter((p) => p.id !== product.id).map((p) => escapeText(p.name as string)).join(', ')}.`
    : '';
  if (bought.length === 0) return { text: `Nenhuma compra de **${escapeText(product.name as string)}** nesse período.${others}`, rows: 0, filters };
  const names = new Map((must(await ctx.client.from('suppliers').select('id, name')) as Row[]).map((s) => [s.id, s.name as string]));
  const prices = bought.map((l) => l.unit_price as number);
  const rows = bought.slice(0, SHOWN).map((l) => {
    const order = orderById.get(l.order_id)!;
    return [
      formatDateTime(order.created_at as string),
      escapeText(names.get(order.supplier_id) ?? 'Fornecedor'),
      formatMoney(l.unit_price as number),
      formatNumber(l.quantity as number),
      link('ver pedido', `/relatorio-compras?pedido=${order.id}`),
    ];
  });
  const intro =
    `**${escapeText(product.name as string)}**: ${bought.length} ${bought.length === 1 ? 'compra' : 'compras'} no período; ` +
    `último preço ${formatMoney(prices[0]!)}, menor ${formatMoney(Math.min(...prices))}, maior ${formatMoney(Math.max(...prices))}.`;
  return { text: `${intro}\n\n${table(['Data', 'Fornecedor', 'Preço unitário', 'Quantidade', 'Pedido'], rows)}${more(bought.length, SHOWN)}${others}`, rows: bought.length, filters };
}

function normalizeWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

function matchesProduct(name: unknown, words: string[] | null): boolean {
  if (!words) return true;
  const have = normalizeWords(String(name ?? '')).join(' ');
  return words.every((w) => have.includes(w));
}

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, 'not a calendar day');

/**
 * A tool's parameters, whoever chose them (the built-in recognition or a model): a known tool, a period of calendar
 * days in order and at most three years long, a supplier name and product words of bounded length and characters.
 * The supplier was matched against the database's names before; the product only reaches an escaped ilike.
 */
export const toolParamsSchema = z.object({
  tool: z.enum(TOOL_NAMES as unknown as [ToolName, ...ToolName[]]),
  period: z
    .object({ from: daySchema, to: daySchema, label: z.string().min(1).max(60) })
    .refine((p) => p.from <= p.to && Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`) <= 1096 * 86_400_000, 'invalid period')
    .nullable(),
  supplier: z.string().min(1).max(120).nullable(),
  product: z.string().regex(/^[a-z0-9 ,.%/+-]{3,60}$/).nullable(),
});

/** Runs the tool an intent names after validating its parameters (a refusal: ToolError, code 22023). */
export function runTool(ctx: ToolContext, intent: Intent): Promise<ToolResult> {
  const parsed = toolParamsSchema.safeParse(intent);
  if (!parsed.success) return Promise.reject(new ToolError('Parâmetros inválidos para a consulta', '22023'));
  return TOOLS[parsed.data.tool](ctx, parsed.data);
}

const TOOLS: Record<ToolName, (ctx: ToolContext, intent: Intent) => Promise<ToolResult>> = {
  lotes_aguardando: batchesWaiting,
  respostas_lote: answersPerBatch,
  melhor_oferta: bestOffer,
  economia_ultimo_preco: savingsAgainstLastPrice,
  ranking_fornecedores: supplierRanking,
  itens_sem_cotacao: itemsWithoutOffers,
  bonificacoes_substitutos: bonusesAndSubstitutes,
  historico_precos: priceHistory,
};
