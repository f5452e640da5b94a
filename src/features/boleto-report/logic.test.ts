import { describe, expect, it } from 'vitest';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  boletosListHref,
  bucketDaysLabel,
  countLabel,
  describeFilters,
  dueRange,
  effectivePeriod,
  EMPTY_FILTERS,
  emptyMeasures,
  bucketsAddUp,
  cardFigure,
  EXPORT_MEASURE_LABELS,
  exportFileName,
  reportExport,
  filtersFromSearch,
  hasFilters,
  isEmptyReport,
  parseReport,
  periodError,
  reportTable,
  sameMeasures,
  searchFromFilters,
  sumLines,
  TABLE_MEASURES,
  timelineBars,
  timelineSummary,
} from '@/features/boleto-report/logic';
import { MEASURE_KEYS, type ReportLine } from '@/features/boleto-report/types';
import { cell, type CellInput } from '@/lib/spreadsheet/write';

const UNIT = 'd6d595c4-7671-46e6-bff8-5d2369d7aff4';
const SUPPLIER = '4d001f67-1345-4711-b08a-749601fb6d54';

/** get_boletos_report of the demo data as the administrator sees it (zero measures left out: the parser reads them as 0). */
const REPORT_JSON = {
  today: '2026-11-25',
  paid_from: '2026-11-01',
  paid_to: '2026-11-25',
  totals: {
    paid: 4267.8, next_7: 19856.22, next_30: 38086.97, overdue: 12311.6, pending: 53362.47, due_today: 2318, paid_count: 3,
    overdue_1_7: 4453.6, next_7_count: 6, overdue_8_30: 1599.9, next_30_count: 10, overdue_count: 6, pending_count: 18,
    due_today_count: 1, overdue_over_30: 6258.1, overdue_1_7_count: 3, overdue_8_30_count: 1, overdue_over_30_count: 2,
    after_30: 645.9, after_30_count: 1,
  },
  by_unit: [
    {
      unit_id: UNIT, unit_name: 'Unidade Centro', paid: 2750, next_7: 15169.22, next_30: 18749.97, overdue: 7297.5, pending: 29011.37,
      due_today: 2318, paid_count: 1, overdue_1_7: 874.5, next_7_count: 3, overdue_8_30: 1599.9, next_30_count: 4, overdue_count: 3,
      pending_count: 9, due_today_count: 1, overdue_over_30: 4823.1, overdue_1_7_count: 1, overdue_8_30_count: 1, overdue_over_30_count: 1,
      after_30: 645.9, after_30_count: 1,
    },
    {
      unit_id: 'e2d0d21e-d511-4993-861f-32667c5fbc87', unit_name: 'Unidade Norte', paid: 567.8, next_7: 1998, next_30: 9398, overdue: 3579.1,
      pending: 12977.1, paid_count: 1, overdue_1_7: 3579.1, next_7_count: 2, next_30_count: 3, overdue_count: 2, pending_count: 5, overdue_1_7_count: 2,
    },
    {
      unit_id: 'fa33fd9f-2e76-40f7-aa7e-47e78fb61c27', unit_name: 'Unidade Sul', paid: 950, next_7: 2689, next_30: 9939, overdue: 1435, pending: 11374,
      paid_count: 1, next_7_count: 1, next_30_count: 3, overdue_count: 1, pending_count: 4, overdue_over_30: 1435, overdue_over_30_count: 1,
    },
  ],
  by_supplier: [
    { payee: 'Santa Cruz Medicamentos', next_7: 15589, next_30: 26569.75, pending: 26569.75, next_7_count: 2, next_30_count: 4, pending_count: 4 },
    {
      payee: 'Distribuidora Alfa', paid: 3700, next_30: 3150, overdue: 9543.4, pending: 12693.4, paid_count: 2, overdue_1_7: 3120.4, overdue_8_30: 1599.9,
      next_30_count: 1, overdue_count: 3, pending_count: 4, overdue_over_30: 4823.1, overdue_1_7_count: 1, overdue_8_30_count: 1, overdue_over_30_count: 1,
    },
    {
      payee: 'Medifarma Distribuidora', next_7: 2643.9, next_30: 6743.9, after_30: 645.9, pending: 7389.8, next_7_count: 3, next_30_count: 4, after_30_count: 1,
      pending_count: 5,
    },
    {
      payee: 'Distribuidora Beta', paid: 567.8, overdue: 2309.5, pending: 4627.5, due_today: 2318, paid_count: 1, overdue_1_7: 874.5, overdue_count: 2,
      pending_count: 3, due_today_count: 1, overdue_over_30: 1435, overdue_1_7_count: 1, overdue_over_30_count: 1,
    },
    { payee: 'Companhia Energética Regional', next_7: 1623.32, next_30: 1623.32, pending: 1623.32, next_7_count: 1, next_30_count: 1, pending_count: 1 },
    { payee: 'Prefeitura Municipal — IPTU', overdue: 458.7, pending: 458.7, overdue_1_7: 458.7, overdue_count: 1, pending_count: 1, overdue_1_7_count: 1 },
  ],
  timeline: [
    { date: '2026-10-26T00:00:00+00:00', count: 0, amount: 0 },
    { date: '2026-11-13T00:00:00+00:00', count: 1, amount: 1599.9 },
    { date: '2026-11-25T00:00:00+00:00', count: 1, amount: 2318 },
    { date: '2026-12-01T00:00:00+00:00', count: 1, amount: 12900 },
    { date: '2027-01-24T00:00:00+00:00', count: 0, amount: 0 },
  ],
};

const report = parseReport(REPORT_JSON);

describe('filters ⇄ URL', () => {
  it('reads unidade, fornecedor, de and ate, and writes them back', () => {
    const params = new URLSearchParams(`unidade=${UNIT}&fornecedor=${SUPPLIER}&de=2026-10-01&ate=2026-10-31`);
    const filters = filtersFromSearch(params);
    expect(filters).toEqual({ unitId: UNIT, supplierId: SUPPLIER, paidFrom: '2026-10-01', paidTo: '2026-10-31' });
    expect(searchFromFilters(filters).toString()).toBe(params.toString());
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('leaves the defaults out of the URL', () => {
    expect(searchFromFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(searchFromFilters({ ...EMPTY_FILTERS, paidTo: '2026-11-20' }).toString()).toBe('ate=2026-11-20');
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, paidTo: '2026-11-20' })).toBe(true);
  });

  it('drops what is malformed: not a uuid, not a calendar day, a year half typed', () => {
    const filters = filtersFromSearch(new URLSearchParams('unidade=centro&fornecedor=1%27%20or%201=1&de=2026-02-30&ate=0202-11-01'));
    expect(filters).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearch(new URLSearchParams(`unidade=${UNIT.toUpperCase()}`)).unitId).toBe(UNIT);
    expect(filtersFromSearch(new URLSearchParams('de=2024-02-29&ate=2026-02-29')).paidFrom).toBe('2024-02-29');
    expect(filtersFromSearch(new URLSearchParams('de=2024-02-29&ate=2026-02-29')).paidTo).toBeNull();
    expect(filtersFromSearch(new URLSearchParams('de=1999-12-31')).paidFrom).toBeNull();
  });

  it('the default period is the month so far; a period backwards or over 10 years is refused', () => {
    expect(effectivePeriod(EMPTY_FILTERS, '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(effectivePeriod({ ...EMPTY_FILTERS, paidFrom: '2026-10-01' }, '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-11-25' });
    expect(periodError(EMPTY_FILTERS, '2026-11-25')).toBeNull();
    expect(periodError({ ...EMPTY_FILTERS, paidFrom: '2026-12-01' }, '2026-11-25')).toBe('A data inicial deve ser anterior ou igual à final.');
    expect(periodError({ ...EMPTY_FILTERS, paidFrom: '2016-01-01', paidTo: '2026-11-25' }, '2026-11-25')).toBe('O período de pagamentos deve ter no máximo 10 anos.');
    expect(periodError({ ...EMPTY_FILTERS, paidFrom: '2026-11-25', paidTo: '2026-11-25' }, '2026-11-25')).toBeNull();
  });
});

describe('parseReport', () => {
  it('types the JSON: São Paulo days, every measure with amount and count, zeros for what is missing or null', () => {
    expect(report.today).toBe('2026-11-25');
    expect(report.totals.overdue).toEqual({ amount: 12311.6, count: 6 });
    expect(report.byUnit[1]?.measures.due_today).toEqual({ amount: 0, count: 0 });
    expect(report.byUnit.map((line) => line.name)).toEqual(['Unidade Centro', 'Unidade Norte', 'Unidade Sul']);
    expect(report.bySupplier[0]?.name).toBe('Santa Cruz Medicamentos');
    expect(report.timeline.map((day) => day.date)).toEqual(['2026-10-26', '2026-11-13', '2026-11-25', '2026-12-01', '2027-01-24']);
  });

  it('an empty scope: null sums are zeros, and the report is empty', () => {
    const empty = parseReport({
      today: '2026-11-25',
      paid_from: '2026-11-01',
      paid_to: '2026-11-25',
      totals: Object.fromEntries(MEASURE_KEYS.flatMap((key) => [[key, null], [`${key}_count`, 0]])),
      by_unit: [],
      by_supplier: [],
      timeline: [],
    });
    expect(sameMeasures(empty.totals, emptyMeasures())).toBe(true);
    expect(isEmptyReport(empty)).toBe(true);
    expect(isEmptyReport(report)).toBe(false);
    expect(isEmptyReport({ ...report, totals: { ...emptyMeasures(), paid: { amount: 10, count: 1 } } })).toBe(false);
  });
});

describe('tables and exports', () => {
  it('the lines of each table add up to the totals the cards show', () => {
    expect(sameMeasures(sumLines(report.byUnit), report.totals)).toBe(true);
    expect(sameMeasures(sumLines(report.bySupplier), report.totals)).toBe(true);
  });

  it('adds amounts in cents', () => {
    const line = (amount: number): ReportLine => ({ key: String(amount), name: 'x', measures: { ...emptyMeasures(), pending: { amount, count: 1 } } });
    expect(sumLines([line(0.1), line(0.2)]).pending).toEqual({ amount: 0.3, count: 2 });
  });

  it('the due buckets add up to the pending total, for the totals and every line (a boleto due after 30 days included)', () => {
    expect(report.totals.after_30).toEqual({ amount: 645.9, count: 1 });
    expect(bucketsAddUp(report.totals)).toBe(true);
    for (const line of [...report.byUnit, ...report.bySupplier]) expect(bucketsAddUp(line.measures)).toBe(true);
    expect(bucketsAddUp({ ...report.totals, after_30: { amount: 0, count: 0 } })).toBe(false);
  });

  it('the export: filters and period in words, one row per line, the totals row equal to the cards', () => {
    const doc = reportExport(reportTable('unit', report), report, { unit: null, supplier: 'Distribuidora Alfa' }, new Date('2026-11-25T13:30:00Z'));
    expect(doc.title).toBe('Relatório de Boletos: por unidade');
    expect(doc.details).toEqual([
      { label: 'Unidade', value: 'Todas as unidades' },
      { label: 'Fornecedor', value: 'Distribuidora Alfa' },
      { label: 'Período de pagamentos', value: '01/11/2026 a 25/11/2026' },
      { label: 'Posição em', value: '25/11/2026' },
    ]);
    expect(doc.columns.slice(0, 3)).toEqual(['Unidade', 'Vence hoje (qtd.)', 'Vence hoje (R$)']);
    expect(doc.columns).toHaveLength(1 + TABLE_MEASURES.length * 2);
    expect(doc.rows).toHaveLength(3);
    expect(doc.rows[0]?.slice(0, 3)).toEqual([cell.text('Unidade Centro'), cell.number(1), cell.money(2318)]);
    const total = doc.totals!;
    expect(total[0]).toEqual(cell.text('Total'));
    TABLE_MEASURES.forEach((key, index) => {
      expect(total[1 + index * 2]).toEqual(cell.number(cardFigure(report, key).count));
      expect(total[2 + index * 2]).toEqual(cell.money(cardFigure(report, key).amount));
      // The rows add up to the totals row, column by column.
      const amount = (row: readonly CellInput[]) => Math.round((row[2 + index * 2] as { value: number }).value * 100);
      const count = (row: readonly CellInput[]) => (row[1 + index * 2] as { value: number }).value;
      expect(doc.rows.reduce((sum, row) => sum + amount(row), 0)).toBe(amount(total));
      expect(doc.rows.reduce((sum, row) => sum + count(row), 0)).toBe(count(total));
    });
    const pending = 1 + TABLE_MEASURES.indexOf('pending') * 2;
    expect(total.slice(pending, pending + 2)).toEqual([cell.number(18), cell.money(53362.47)]);
  });

  it('the export writes every supplier, also those past the 15 shown before “Mostrar todos”', () => {
    const many = Array.from({ length: 20 }, (_, index): ReportLine => ({ key: `p${index}`, name: `Fornecedor ${index}`, measures: emptyMeasures() }));
    const doc = reportExport({ ...reportTable('supplier', report), lines: many }, report, { unit: null, supplier: null }, new Date());
    expect(doc.rows).toHaveLength(20);
    expect(doc.columns[0]).toBe('Fornecedor / beneficiário');
  });

  it('the columns are the screen’s: due today, 7 and 30 days, after 30 days, the three aging buckets, total overdue, total pending, paid', () => {
    expect(TABLE_MEASURES.map((key) => EXPORT_MEASURE_LABELS[key])).toEqual([
      'Vence hoje',
      'A vencer em 1–7 dias',
      'A vencer em 1–30 dias (inclui 1–7)',
      'A vencer após 30 dias',
      'Vencidos há 1–7 dias',
      'Vencidos há 8–30 dias',
      'Vencidos há mais de 30 dias',
      'Total vencido',
      'Total pendente',
      'Pago no período',
    ]);
  });

  it('file names carry the table and the database’s day', () => {
    expect(exportFileName('unit', '2026-11-25', 'xlsx')).toBe('boletos-por-unidade-2026-11-25.xlsx');
    expect(exportFileName('supplier', '2026-11-25', 'csv')).toBe('boletos-por-fornecedor-2026-11-25.csv');
  });
});

describe('buckets and labels', () => {
  it('the aging buckets, youngest first', () => {
    expect(AGING_BUCKETS.map((key) => AGING_LABELS[key])).toEqual(['1–7 dias', '8–30 dias', 'mais de 30 dias']);
  });

  it('the days each bucket counts, from the database’s today', () => {
    expect(dueRange('due_today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(dueRange('next_7', '2026-11-25')).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(dueRange('next_30', '2026-11-25')).toEqual({ from: '2026-11-26', to: '2026-12-25' });
    expect(dueRange('overdue_1_7', '2026-11-25')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(dueRange('overdue_8_30', '2026-11-25')).toEqual({ from: '2026-10-26', to: '2026-11-17' });
    expect(dueRange('overdue_over_30', '2026-11-25')).toEqual({ from: null, to: '2026-10-25' });
    expect(dueRange('next_7', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-07' });
    expect(dueRange('after_30', '2026-11-25')).toEqual({ from: '2026-12-26', to: null });
  });

  it('labels the cards show under their titles', () => {
    expect(bucketDaysLabel('due_today', report)).toBe('25/11/2026');
    expect(bucketDaysLabel('next_7', report)).toBe('26/11 a 02/12');
    expect(bucketDaysLabel('overdue', report)).toBe('até 24/11');
    expect(bucketDaysLabel('overdue_over_30', report)).toBe('até 25/10');
    expect(bucketDaysLabel('after_30', report)).toBe('a partir de 26/12');
    expect(bucketDaysLabel('paid', report)).toBe('01/11/2026 a 25/11/2026');
    expect(bucketDaysLabel('paid', { ...report, paidFrom: '2026-11-25' })).toBe('25/11/2026');
  });

  it('counts in Portuguese', () => {
    expect(countLabel(0)).toBe('Nenhum boleto');
    expect(countLabel(1)).toBe('1 boleto');
    expect(countLabel(1234)).toBe('1.234 boletos');
  });

  it('cards link to /boletos with its situação, the due range, unit and supplier; paid ones do not', () => {
    const filters = { unitId: UNIT, supplierId: null, paidFrom: '2026-10-01', paidTo: null };
    expect(boletosListHref('due_today', filters, '2026-11-25')).toBe(`/boletos?situacao=vence-hoje&unidade=${UNIT}`);
    expect(boletosListHref('pending', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=pendentes');
    expect(boletosListHref('next_7', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=a-vencer&de=2026-11-26&ate=2026-12-02');
    expect(boletosListHref('next_30', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=a-vencer&de=2026-11-26&ate=2026-12-25');
    expect(boletosListHref('overdue', { ...EMPTY_FILTERS, supplierId: SUPPLIER }, '2026-11-25')).toBe(`/boletos?situacao=vencidos&fornecedor=${SUPPLIER}`);
    expect(boletosListHref('after_30', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=a-vencer&de=2026-12-26');
    expect(boletosListHref('overdue_1_7', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=vencidos&de=2026-11-18&ate=2026-11-24');
    expect(boletosListHref('overdue_8_30', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=vencidos&de=2026-10-26&ate=2026-11-17');
    expect(boletosListHref('overdue_over_30', EMPTY_FILTERS, '2026-11-25')).toBe('/boletos?situacao=vencidos&ate=2026-10-25');
    expect(boletosListHref('paid', filters, '2026-11-25')).toBeNull();
  });
});

describe('calendar', () => {
  it('colours days before today as overdue, today as today, the rest as upcoming', () => {
    expect(timelineBars(report.timeline, report.today).map((day) => day.tone)).toEqual(['overdue', 'overdue', 'today', 'upcoming', 'upcoming']);
  });

  it('says what the window holds and what it leaves out', () => {
    expect(timelineSummary(report)).toEqual({
      from: '2026-10-26',
      to: '2027-01-24',
      amount: 16817.9,
      count: 3,
      outsideAmount: 36544.57,
      outsideCount: 15,
    });
  });
});

describe('print header', () => {
  it('lists the filters and the day of the figures', () => {
    expect(describeFilters(report, { unit: 'Unidade Centro', supplier: null })).toEqual([
      { label: 'Unidade', value: 'Unidade Centro' },
      { label: 'Fornecedor', value: 'Todos os fornecedores' },
      { label: 'Período de pagamentos', value: '01/11/2026 a 25/11/2026' },
      { label: 'Posição em', value: '25/11/2026' },
    ]);
  });
});
