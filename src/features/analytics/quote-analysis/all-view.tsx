import { Badge } from '@/components/ui/badge';
import { formatCount, formatMonthYear, formatNumber } from '@/lib/dates';
import type { ExportDetail } from '@/lib/spreadsheet/write';
import type { QuoteAnalysisAll, QuoteItemRow, QuoteMonthRow, QuoteOfferRow, QuoteSupplierRow } from '@/features/analytics/api/get-quote-analysis';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';
import { formatMoney, formatQuantity, formatRatio } from '@/features/analytics/components/shared/format';
import { BarSeriesChart } from '@/features/analytics/components/shared/lazy-charts';
import { MetricCard, MetricGrid } from '@/features/analytics/components/shared/metric-card';
import { GRAIN, quoteAnalysisMessages as messages } from '@/features/analytics/quote-analysis/messages';

/** Items drawn in the spread chart: the database's spread_items, the widest spreads of the period. */
const SPREAD_CHART_ITEMS = 15;

const SAVINGS_HINT = {
  avg: 'Soma de (média das ofertas do item − preço adjudicado) × quantidade pedida, nos itens adjudicados.',
  max: 'Soma de (maior oferta do item − preço adjudicado) × quantidade pedida, nos itens adjudicados.',
  last: 'Soma de (último preço pago pelo produto antes do lote − preço adjudicado) × quantidade pedida; itens sem compra anterior não entram.',
};

const supplierColumns: AnalysisColumn<QuoteSupplierRow>[] = [
  { key: 'supplier_name', header: 'Fornecedor', kind: 'text', value: (row) => row.supplier_name },
  { key: 'invited', header: 'Convites', kind: 'count', value: (row) => row.invited, hint: 'Lotes do período para os quais o fornecedor foi convidado.', grain: GRAIN.batch },
  { key: 'responded', header: 'Respostas', kind: 'count', value: (row) => row.responded, hint: 'Lotes em que enviou a cotação.', grain: GRAIN.quote },
  { key: 'response_rate', header: 'Taxa de resposta', kind: 'ratio', value: (row) => row.response_rate, hint: 'Respostas ÷ convites.', grain: GRAIN.batch },
  { key: 'avg_response_hours', header: 'Tempo médio de resposta', kind: 'hours', value: (row) => row.avg_response_hours, hint: 'Do envio do lote ao envio da cotação.', grain: GRAIN.quote },
  { key: 'items_quoted', header: 'Itens cotados', kind: 'count', value: (row) => row.items_quoted, hint: 'Itens com preço nas cotações enviadas.', grain: GRAIN.item },
  { key: 'items_won', header: 'Itens ganhos', kind: 'count', value: (row) => row.items_won, grain: GRAIN.item },
  { key: 'win_rate', header: 'Taxa de vitória', kind: 'ratio', value: (row) => row.win_rate, hint: 'Itens ganhos ÷ itens cotados.', grain: GRAIN.item },
  { key: 'avg_rank', header: 'Posição média', kind: 'quantity', value: (row) => row.avg_rank, hint: 'Posição média do preço entre as ofertas de cada item (1 = menor preço).', grain: GRAIN.item },
  { key: 'value_won', header: 'Valor ganho', kind: 'money', value: (row) => row.value_won, hint: 'Preço adjudicado × quantidade pedida dos itens ganhos.', grain: GRAIN.item },
];

/** An item's offered prices and their spread: columns of the items table and of the spread chart's table. */
type PriceSpread = Pick<QuoteItemRow, 'min_price' | 'avg_price' | 'max_price' | 'spread_pct'>;

const priceColumns: AnalysisColumn<PriceSpread>[] = [
  { key: 'min_price', header: 'Menor preço', kind: 'unitCost', value: (row) => row.min_price, grain: GRAIN.item },
  { key: 'avg_price', header: 'Preço médio', kind: 'unitCost', value: (row) => row.avg_price, grain: GRAIN.item },
  { key: 'max_price', header: 'Maior preço', kind: 'unitCost', value: (row) => row.max_price, grain: GRAIN.item },
  { key: 'spread_pct', header: 'Dispersão', kind: 'ratio', value: (row) => row.spread_pct, hint: '(Maior − menor preço) ÷ menor preço.', grain: GRAIN.item },
];

const itemColumns: AnalysisColumn<QuoteItemRow>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'category_name', header: 'Categoria', kind: 'text', value: (row) => row.category_name },
  { key: 'unit_name', header: 'Unidade', kind: 'text', value: (row) => row.unit_name },
  { key: 'batch_name', header: 'Lote', kind: 'text', value: (row) => row.batch_name },
  { key: 'quantity', header: 'Necessidade', kind: 'count', value: (row) => row.quantity, grain: GRAIN.item },
  { key: 'offers', header: 'Ofertas', kind: 'count', value: (row) => row.offers, hint: 'Ofertas com preço em cotações enviadas.', grain: GRAIN.item },
  ...priceColumns,
  { key: 'awarded_price', header: 'Preço adjudicado', kind: 'unitCost', value: (row) => row.awarded_price, grain: GRAIN.item },
  { key: 'awarded_supplier_name', header: 'Vencedor', kind: 'text', value: (row) => row.awarded_supplier_name },
  { key: 'last_price', header: 'Último preço pago', kind: 'unitCost', value: (row) => row.last_price, hint: 'Preço da compra mais recente do produto antes do fechamento do lote.', grain: GRAIN.item },
  { key: 'best_price_supplier_name', header: 'Menor preço de', kind: 'text', value: (row) => row.best_price_supplier_name },
  { key: 'best_effective_supplier_name', header: 'Menor custo efetivo de', kind: 'text', value: (row) => row.best_effective_supplier_name, hint: 'Com bonificação, quantidade mínima e prazo a valor presente.', grain: GRAIN.item },
  {
    key: 'effective_differs',
    header: messages.effectiveDiffers,
    kind: 'text',
    value: (row) => (row.effective_differs ? messages.yes : messages.no),
    hint: 'Sim quando a melhor oferta pelo custo efetivo não é a de menor preço.',
    grain: GRAIN.item,
    render: (row) => (row.effective_differs ? <Badge variant="secondary">{messages.yes}</Badge> : messages.no),
  },
];

const offerColumns: AnalysisColumn<QuoteOfferRow>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'batch_name', header: 'Lote', kind: 'text', value: (row) => row.batch_name },
  { key: 'supplier_name', header: 'Fornecedor', kind: 'text', value: (row) => row.supplier_name },
  { key: 'price', header: 'Preço', kind: 'unitCost', value: (row) => row.price, grain: GRAIN.item },
  { key: 'effective_unit_cost', header: 'Custo efetivo', kind: 'unitCost', value: (row) => row.effective_unit_cost, hint: 'Preço × máx(necessidade, mínimo), a valor presente pelo prazo, ÷ (necessidade + bonificação).', grain: GRAIN.item },
  { key: 'price_rank', header: 'Posição pelo preço', kind: 'count', value: (row) => row.price_rank, grain: GRAIN.item },
  { key: 'effective_rank', header: 'Posição pelo custo efetivo', kind: 'count', value: (row) => row.effective_rank, grain: GRAIN.item },
  { key: 'is_winner', header: 'Vencedora', kind: 'text', value: (row) => (row.is_winner ? messages.yes : messages.no) },
  { key: 'effective_explanation', header: 'Como o custo efetivo foi calculado', kind: 'text', value: (row) => row.effective_explanation },
];

const monthColumns: AnalysisColumn<QuoteMonthRow>[] = [
  { key: 'month', header: 'Mês', kind: 'month', value: (row) => row.month },
  { key: 'awarded_value', header: 'Valor adjudicado', kind: 'money', value: (row) => row.awarded_value, grain: GRAIN.item },
  { key: 'savings_vs_avg', header: 'Economia vs. média', kind: 'money', value: (row) => row.savings_vs_avg, hint: SAVINGS_HINT.avg, grain: GRAIN.item },
  { key: 'savings_vs_max', header: 'Economia vs. maior', kind: 'money', value: (row) => row.savings_vs_max, hint: SAVINGS_HINT.max, grain: GRAIN.item },
  { key: 'savings_vs_last', header: 'Economia vs. último preço', kind: 'money', value: (row) => row.savings_vs_last, hint: SAVINGS_HINT.last, grain: GRAIN.item },
];

interface AllViewProps {
  data: QuoteAnalysisAll;
  /** The filters in words, for the exports' header. */
  details: readonly ExportDetail[];
  /** The same document with the whole items and offers lists ('Mostrar todas', exports): `data` holds their first lines. */
  loadAll: () => Promise<QuoteAnalysisAll>;
}

/** Buyers', analysts' and admins' view: every supplier, item and offer of the period. */
export function QuoteAnalysisAllView({ data, details, loadAll }: AllViewProps) {
  const { summary } = data;
  const exportAs = (name: string, fileName: string) => ({ title: `${messages.title}: ${name}`, details, fileName: `analise-cotacoes-${fileName}` });
  const spread = data.spread_items
    .slice(0, SPREAD_CHART_ITEMS)
    .map((item) => ({ ...item, label: item.unit_name ? `${item.product_name} · ${item.unit_name}` : item.product_name }));
  const monthTotals = {
    month: `Total (${formatCount(data.monthly.length, 'mês', 'meses')})`,
    awarded_value: summary.awarded_value,
    savings_vs_avg: summary.savings_vs_avg,
    savings_vs_max: summary.savings_vs_max,
    savings_vs_last: summary.savings_vs_last,
  };
  const supplierTotals = { supplier_name: `Total (${formatCount(data.suppliers.length, 'fornecedor', 'fornecedores')})`, ...data.supplier_totals };

  if (summary.items === 0) {
    return (
      <ChartCard title="Cotações do período" grain={GRAIN.batch} table={null} empty emptyText={messages.emptyAll}>
        {null}
      </ChartCard>
    );
  }

  return (
    <>
      <MetricGrid>
        <MetricCard
          label="Valor adjudicado"
          value={formatMoney(summary.awarded_value)}
          hint="Preço adjudicado × quantidade pedida (a necessidade, enquanto não há pedido)."
          grain={GRAIN.item}
          detail={formatCount(summary.awarded_lines, 'item adjudicado', 'itens adjudicados')}
        />
        <MetricCard label="Economia vs. média das ofertas" value={formatMoney(summary.savings_vs_avg)} hint={SAVINGS_HINT.avg} grain={GRAIN.item} />
        <MetricCard label="Economia vs. maior oferta" value={formatMoney(summary.savings_vs_max)} hint={SAVINGS_HINT.max} grain={GRAIN.item} />
        <MetricCard label="Economia vs. último preço pago" value={formatMoney(summary.savings_vs_last)} hint={SAVINGS_HINT.last} grain={GRAIN.item} />
        <MetricCard label="Lotes enviados" value={formatNumber(summary.batches)} hint="Lotes enviados para cotação no período." grain={GRAIN.batch} detail={formatCount(summary.items, 'item cotado', 'itens cotados')} />
        <MetricCard label="Ofertas por item" value={formatQuantity(summary.avg_offers_per_item)} hint="Ofertas com preço ÷ itens." grain={GRAIN.item} detail={formatCount(summary.offers, 'oferta', 'ofertas')} />
        <MetricCard
          label={messages.effectiveDiffers}
          value={formatNumber(summary.effective_differs_count)}
          hint="Itens em que a melhor oferta pelo custo efetivo (bonificação, mínimo, prazo) não é a de menor preço."
          grain={GRAIN.item}
          detail={`Custo do dinheiro: ${formatNumber(data.monthly_rate * 100, { maximumFractionDigits: 2 })} % ao mês`}
        />
        <MetricCard
          label="Taxa de resposta"
          value={formatRatio(data.supplier_totals.response_rate)}
          hint="Respostas ÷ convites, somando todos os fornecedores."
          grain={GRAIN.batch}
          detail={`${formatCount(data.supplier_totals.responded, 'resposta', 'respostas')} de ${formatCount(data.supplier_totals.invited, 'convite', 'convites')}`}
        />
      </MetricGrid>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Dispersão de preço por item"
          grain={GRAIN.item}
          hint={`Menor, médio e maior preço ofertado nos ${SPREAD_CHART_ITEMS} itens de maior dispersão ((maior − menor) ÷ menor).`}
          empty={spread.length === 0}
          emptyText="Nenhum item com duas ofertas ou mais no período. Amplie o período ou remova filtros."
          table={
            <AnalysisTable
              bare
              title="Dispersão de preço por item"
              columns={[
                { key: 'label', header: 'Item', kind: 'text', value: (row) => row.label },
                { key: 'batch_name', header: 'Lote', kind: 'text', value: (row) => row.batch_name },
                ...priceColumns,
              ]}
              rows={spread}
              rowKey={(row) => `${row.batch_id}:${row.shortage_id}`}
            />
          }
        >
          <BarSeriesChart
            data={spread}
            categoryKey="label"
            horizontal
            title="Dispersão de preço por item"
            formatValue={formatMoney}
            series={[
              { key: 'min_price', name: 'Menor preço' },
              { key: 'avg_price', name: 'Preço médio' },
              { key: 'max_price', name: 'Maior preço' },
            ]}
          />
        </ChartCard>

        <ChartCard
          title="Vitória e resposta por fornecedor"
          grain={`${GRAIN.item} (vitória); ${GRAIN.batch} (resposta)`}
          hint="Taxa de vitória = itens ganhos ÷ itens cotados; taxa de resposta = lotes respondidos ÷ lotes para os quais foi convidado."
          empty={data.suppliers.length === 0}
          table={
            <AnalysisTable
              bare
              title="Vitória e resposta por fornecedor"
              columns={supplierColumns.filter((column) => ['supplier_name', 'win_rate', 'response_rate'].includes(column.key))}
              rows={data.suppliers}
              rowKey={(row) => row.supplier_id}
            />
          }
        >
          <BarSeriesChart
            data={data.suppliers}
            categoryKey="supplier_name"
            horizontal
            title="Vitória e resposta por fornecedor"
            formatValue={formatRatio}
            series={[
              { key: 'win_rate', name: 'Taxa de vitória' },
              { key: 'response_rate', name: 'Taxa de resposta' },
            ]}
          />
        </ChartCard>
      </div>

      <ChartCard
        title="Economia por mês"
        grain={GRAIN.item}
        hint="Economia dos itens adjudicados contra a média das ofertas, a maior oferta e o último preço pago, pelo mês de envio do lote."
        empty={data.monthly.length === 0}
        table={<AnalysisTable bare title="Economia por mês" columns={monthColumns} rows={data.monthly} rowKey={(row) => row.month} totals={monthTotals} exportAs={exportAs('economia por mês', 'economia-por-mes')} />}
      >
        <BarSeriesChart
          data={data.monthly}
          categoryKey="month"
          title="Economia por mês"
          formatValue={formatMoney}
          formatCategory={formatMonthYear}
          series={[
            { key: 'savings_vs_avg', name: 'vs. média das ofertas' },
            { key: 'savings_vs_max', name: 'vs. maior oferta' },
            { key: 'savings_vs_last', name: 'vs. último preço pago' },
          ]}
        />
      </ChartCard>

      <AnalysisTable
        title="Fornecedores"
        description="Convites, respostas, vitórias e valor ganho de cada fornecedor no período."
        columns={supplierColumns}
        rows={data.suppliers}
        rowKey={(row) => row.supplier_id}
        totals={supplierTotals}
        exportAs={exportAs('fornecedores', 'fornecedores')}
      />

      <AnalysisTable
        title="Itens"
        description={
          data.items_truncated
            ? messages.itemsTruncated(formatNumber(data.items_listed), formatNumber(data.items_total))
            : 'Preços ofertados, preço adjudicado, referências e onde o custo efetivo muda a melhor oferta.'
        }
        columns={itemColumns}
        rows={data.items}
        rowKey={(row) => `${row.batch_id}:${row.shortage_id}`}
        totals={{ product_name: `Total (${formatCount(summary.items, 'item', 'itens')})`, offers: summary.offers, effective_differs: formatNumber(summary.effective_differs_count) }}
        exportAs={exportAs('itens', 'itens')}
        collapsedRows={25}
        more={{ total: data.items_listed, loadAll: async () => (await loadAll()).items }}
      />

      <AnalysisTable
        title="Ofertas e custo efetivo"
        description={
          data.offers_truncated
            ? messages.offersTruncated(formatNumber(data.offers_listed), formatNumber(data.offers_total))
            : 'Cada oferta com seu custo efetivo e como ele foi calculado.'
        }
        columns={offerColumns}
        rows={data.offers}
        rowKey={(row) => `${row.batch_id}:${row.shortage_id}:${row.supplier_id}`}
        totals={{ product_name: `Total (${formatCount(data.offers_total, 'oferta', 'ofertas')})` }}
        exportAs={exportAs('ofertas', 'ofertas')}
        collapsedRows={25}
        more={{ total: data.offers_listed, loadAll: async () => (await loadAll()).offers }}
      />
    </>
  );
}
