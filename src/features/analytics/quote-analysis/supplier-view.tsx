import { formatCount, formatNumber } from '@/lib/dates';
import type { ExportDetail } from '@/lib/spreadsheet/write';
import type { QuoteAnalysisSupplier, QuoteSupplierLine } from '@/features/analytics/api/get-quote-analysis';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';
import { formatHours, formatMoney, formatRatio } from '@/features/analytics/components/shared/format';
import { BarSeriesChart } from '@/features/analytics/components/shared/lazy-charts';
import { MetricCard, MetricGrid } from '@/features/analytics/components/shared/metric-card';
import { GRAIN, quoteAnalysisMessages as messages } from '@/features/analytics/quote-analysis/messages';

const BAND_HINT = 'Distância do seu preço até o melhor preço do item, em faixas: melhor preço, até 5 %, 5–10 % ou acima de 10 %.';

const lineColumns: AnalysisColumn<QuoteSupplierLine>[] = [
  { key: 'batch_name', header: 'Lote', kind: 'text', value: (row) => row.batch_name },
  { key: 'closed_at', header: 'Encerrado em', kind: 'datetime', value: (row) => row.closed_at },
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'my_price', header: 'Meu preço', kind: 'unitCost', value: (row) => row.my_price, grain: GRAIN.item },
  { key: 'my_rank', header: 'Minha posição', kind: 'count', value: (row) => row.my_rank, hint: '1 = menor preço do item.', grain: GRAIN.item },
  { key: 'band', header: 'Distância do melhor preço', kind: 'text', value: (row) => row.band, hint: BAND_HINT, grain: GRAIN.item },
  { key: 'won', header: 'Ganhou', kind: 'text', value: (row) => (row.won ? messages.yes : messages.no) },
];

const bandColumns: AnalysisColumn<QuoteAnalysisSupplier['by_band'][number]>[] = [
  { key: 'band', header: 'Distância do melhor preço', kind: 'text', value: (row) => row.band },
  { key: 'lines', header: 'Itens', kind: 'count', value: (row) => row.lines, grain: GRAIN.item },
  { key: 'won', header: 'Ganhos', kind: 'count', value: (row) => row.won, grain: GRAIN.item },
];

interface SupplierViewProps {
  data: QuoteAnalysisSupplier;
  details: readonly ExportDetail[];
}

/**
 * A representative's view: its own figures and, for closed batches, its position and a band of
 * distance to the best price. The database sends nothing else (no competitor, price or count).
 */
export function QuoteAnalysisSupplierView({ data, details }: SupplierViewProps) {
  const { summary } = data;
  const supplierName = data.supplier?.name ?? '';
  return (
    <>
      <MetricGrid>
        <MetricCard
          label="Taxa de resposta"
          value={formatRatio(summary.response_rate)}
          hint="Lotes respondidos ÷ lotes para os quais foi convidado."
          grain={GRAIN.batch}
          detail={`${formatCount(summary.responded, 'resposta', 'respostas')} de ${formatCount(summary.invited, 'convite', 'convites')}`}
        />
        <MetricCard label="Tempo médio de resposta" value={formatHours(summary.avg_response_hours)} hint="Do envio do lote ao envio da sua cotação." grain={GRAIN.quote} />
        <MetricCard
          label="Taxa de vitória"
          value={formatRatio(summary.win_rate)}
          hint="Itens ganhos ÷ itens cotados."
          grain={GRAIN.item}
          detail={`${formatCount(summary.items_won, 'item ganho', 'itens ganhos')} de ${formatCount(summary.items_quoted, 'cotado', 'cotados')}`}
        />
        <MetricCard label="Valor ganho" value={formatMoney(summary.value_won)} hint="Seu preço × quantidade pedida nos itens ganhos." grain={GRAIN.item} />
      </MetricGrid>

      <ChartCard
        title="Seus itens por distância do melhor preço"
        grain={GRAIN.item}
        hint={`${BAND_HINT} Só lotes encerrados.`}
        empty={data.lines_total === 0}
        emptyText={messages.emptyLines}
        table={<AnalysisTable bare title="Seus itens por distância do melhor preço" columns={bandColumns} rows={data.by_band} rowKey={(row) => row.band} />}
      >
        <BarSeriesChart
          data={data.by_band}
          categoryKey="band"
          title="Seus itens por distância do melhor preço"
          formatValue={formatNumber}
          series={[
            { key: 'lines', name: 'Itens' },
            { key: 'won', name: 'Ganhos' },
          ]}
        />
      </ChartCard>

      <AnalysisTable
        title="Seus itens em lotes encerrados"
        description={
          data.lines_truncated
            ? messages.linesTruncated(formatNumber(data.lines.length), formatNumber(data.lines_total))
            : 'Sua posição e a distância até o melhor preço em cada item; os preços dos concorrentes não são mostrados.'
        }
        columns={lineColumns}
        rows={data.lines}
        rowKey={(row) => row.line_id}
        totals={{ batch_name: `Total (${formatCount(data.lines_total, 'item', 'itens')})`, won: formatCount(summary.items_won, 'ganho', 'ganhos') }}
        exportAs={{ title: `${messages.title}: ${supplierName}`, details, fileName: 'analise-cotacoes-meus-itens' }}
        emptyText={messages.emptyLines}
      />
    </>
  );
}
