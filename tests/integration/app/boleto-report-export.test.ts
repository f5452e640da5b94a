/**
 * /relatorio-boletos' exports add up to the screen (issue 24): the report RPC on the seed, as users
 * who see it, turned into the export with the feature's own functions. The totals row is the cards'
 * figures (cardFigure, what the summary cards show), 'Total pendente' included; every line is in
 * the file and the lines add up to the totals; the due buckets add up to 'Total pendente' (the seed
 * has a boleto due in 32 days, which no exported bucket counted before).
 */
import { describe, expect, it } from 'vitest';
import { bucketsAddUp, cardFigure, parseReport, reportExport, reportTable, TABLE_MEASURES } from '@/features/boleto-report/logic';
import type { BoletoReport, ReportTableKind } from '@/features/boleto-report/types';
import { buildSpreadsheet, headerRowIndex, type CellInput } from '@/lib/spreadsheet/write';
import { demoSessions, type DemoUserKey } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);

async function reportAs(user: DemoUserKey, args: Record<string, string> = {}): Promise<BoletoReport> {
  const client = await as(user);
  return parseReport(unwrap(await client.rpc('get_boletos_report', args)));
}

const numberIn = (value: CellInput): number => {
  if (value && typeof value === 'object' && (value.kind === 'number' || value.kind === 'money')) return value.value;
  throw new Error(`not a number cell: ${JSON.stringify(value)}`);
};
const cents = (value: number) => Math.round(value * 100);

/** The checks every export must pass against the screen it comes from. */
function expectExportMatchesScreen(report: BoletoReport, kind: ReportTableKind) {
  const table = reportTable(kind, report);
  const doc = reportExport(table, report, { unit: null, supplier: null }, new Date());
  const totals = doc.totals!;
  expect(doc.rows).toHaveLength(table.lines.length);
  TABLE_MEASURES.forEach((key, index) => {
    const countColumn = 1 + index * 2;
    const amountColumn = countColumn + 1;
    // The totals row is what the cards show.
    expect(numberIn(totals[countColumn]!)).toBe(cardFigure(report, key).count);
    expect(cents(numberIn(totals[amountColumn]!))).toBe(cents(cardFigure(report, key).amount));
    // The rows add up to the totals row.
    expect(doc.rows.reduce((sum, row) => sum + numberIn(row[countColumn]!), 0)).toBe(numberIn(totals[countColumn]!));
    expect(doc.rows.reduce((sum, row) => sum + cents(numberIn(row[amountColumn]!)), 0)).toBe(cents(numberIn(totals[amountColumn]!)));
  });
  const pending = 1 + TABLE_MEASURES.indexOf('pending') * 2;
  expect(numberIn(totals[pending]!)).toBe(cardFigure(report, 'pending').count);
  expect(cents(numberIn(totals[pending + 1]!))).toBe(cents(cardFigure(report, 'pending').amount));
  return doc;
}

describe('boleto report exports add up to the screen', () => {
  it('as the administrator: every unit and supplier, the totals row equal to the cards, the buckets add up to Total pendente', async () => {
    const report = await reportAs('admin');
    expect(report.totals.pending.count).toBeGreaterThan(0);
    // The seed's boleto due in 32 days (NF 7781/2, Unidade Centro) is in the new bucket.
    expect(report.totals.after_30.count).toBeGreaterThanOrEqual(1);
    expect(cents(report.totals.after_30.amount)).toBeGreaterThanOrEqual(64590);
    expect(bucketsAddUp(report.totals)).toBe(true);
    for (const line of [...report.byUnit, ...report.bySupplier]) expect(bucketsAddUp(line.measures)).toBe(true);
    expectExportMatchesScreen(report, 'unit');
    expectExportMatchesScreen(report, 'supplier');
  });

  it('as the analyst, over a chosen period: the same holds for the units they see', async () => {
    const report = await reportAs('analista', { p_paid_from: '2026-01-01' });
    expect(report.paidFrom).toBe('2026-01-01');
    expect(bucketsAddUp(report.totals)).toBe(true);
    expectExportMatchesScreen(report, 'unit');
    expectExportMatchesScreen(report, 'supplier');
  });

  it('the CSV file itself: the header block, then the totals line with the card figures as Excel in Brazil reads them', async () => {
    const report = await reportAs('admin');
    const doc = expectExportMatchesScreen(report, 'unit');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await buildSpreadsheet(doc, 'csv')).arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFRelatório de Boletos: por unidade');
    expect(lines).toContain('Unidade: Todas as unidades');
    expect(lines.some((line) => /^Período de pagamentos: \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Gerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(line))).toBe(true);
    expect(lines[headerRowIndex(doc)]?.startsWith('Unidade;Vence hoje (qtd.);Vence hoje (R$)')).toBe(true);
    const total = lines.find((line) => line.startsWith('Total;'))!.split(';');
    const pending = 1 + TABLE_MEASURES.indexOf('pending') * 2;
    expect(total[pending]).toBe(String(cardFigure(report, 'pending').count));
    expect(total[pending + 1]).toBe(cardFigure(report, 'pending').amount.toFixed(2).replace('.', ','));
  });
});
