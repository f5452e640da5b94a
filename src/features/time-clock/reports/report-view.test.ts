import { describe, expect, it } from 'vitest';
import { exportLayout } from '@/lib/spreadsheet/write';
import { toCsvText } from '@/lib/spreadsheet/cells';
import {
  currentMonthPeriod,
  FIGURE_COLUMNS,
  formatFigure,
  payrollMonth,
  reportExport,
  reportFileName,
  reportPeriodError,
  reportTable,
  dashboardCounts,
} from '@/features/time-clock/reports/report-view';
import { REPORT_FIGURES, timeReportSchema, type DashboardStatus, type ReportFigures, type TimeReport } from '@/features/time-clock/reports/schemas';

const zero = Object.fromEntries(REPORT_FIGURES.map((key) => [key, 0])) as ReportFigures;
const UNIT = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-00000000000a';
const BIA = '00000000-0000-4000-8000-00000000000b';

/** A hand-written report: two employees of one unit, two days. */
const report: TimeReport = timeReportSchema.parse({
  from: '2026-11-01',
  to: '2026-11-30',
  generated_at: '2026-11-26T15:00:00Z',
  employees: [
    { ...zero, user_id: ANA, full_name: 'Ana', unit_id: UNIT, unit_name: 'Unidade Centro', job_title: 'Balconista', cpf: '52998224725', cpf_masked: false, expected_minutes: 480, worked_minutes: 610, balance_minutes: 130, overtime_minutes: 130, overtime_days_over_2h: 1 },
    { ...zero, user_id: BIA, full_name: 'Bia', unit_id: UNIT, unit_name: 'Unidade Centro', job_title: null, cpf: '***.456.789-**', cpf_masked: true, expected_minutes: 480, worked_minutes: 450, balance_minutes: -30, undertime_minutes: 30, late_count: 1, late_minutes: 30 },
  ],
  units: [{ ...zero, unit_id: UNIT, unit_name: 'Unidade Centro', employees: 2, expected_minutes: 960, worked_minutes: 1060, balance_minutes: 100, overtime_minutes: 130, overtime_days_over_2h: 1, undertime_minutes: 30, late_count: 1, late_minutes: 30 }],
  totals: { ...zero, employees: 2, expected_minutes: 960, worked_minutes: 1060, balance_minutes: 100, overtime_minutes: 130, overtime_days_over_2h: 1, undertime_minutes: 30, late_count: 1, late_minutes: 30 },
  daily: [
    { date: '2026-11-02', expected_minutes: 480, worked_minutes: 610, overtime_minutes: 130, absences: 0, late_count: 0 },
    { date: '2026-11-03', expected_minutes: 480, worked_minutes: 450, overtime_minutes: 0, absences: 0, late_count: 1 },
  ],
});

describe('the period', () => {
  it('defaults to the whole current month', () => {
    expect(currentMonthPeriod('2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(currentMonthPeriod('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(currentMonthPeriod('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
  it('is refused with the database’s words: empty, inverted, 12 months or more', () => {
    expect(reportPeriodError({ from: '', to: '2026-11-30' })).toBe('Informe o início e o fim do período');
    expect(reportPeriodError({ from: '2026-11-30', to: '2026-11-01' })).toBe('O fim do período é anterior ao início');
    expect(reportPeriodError({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(reportPeriodError({ from: '2026-01-01', to: '2027-01-01' })).toBe('O período deve ter no máximo 12 meses');
    // 31 Jan + 12 months is 31 Jan; 29 Feb 2028 + 12 months is 28 Feb 2029 (PostgreSQL's interval arithmetic).
    expect(reportPeriodError({ from: '2026-01-31', to: '2027-01-30' })).toBeNull();
    expect(reportPeriodError({ from: '2028-02-29', to: '2029-02-27' })).toBeNull();
    expect(reportPeriodError({ from: '2028-02-29', to: '2029-02-28' })).toBe('O período deve ter no máximo 12 meses');
  });
  it('the payroll file covers one calendar month', () => {
    expect(payrollMonth({ from: '2026-11-01', to: '2026-11-30' })).toBe('2026-11-01');
    expect(payrollMonth({ from: '2026-11-10', to: '2026-11-20' })).toBe('2026-11-01');
    expect(payrollMonth({ from: '2026-10-31', to: '2026-11-30' })).toBeNull();
  });
});

describe('the tables', () => {
  it('list every figure of the contract, once', () => {
    expect(FIGURE_COLUMNS.map((column) => column.key)).toEqual([...REPORT_FIGURES]);
    expect(new Set(FIGURE_COLUMNS.map((column) => column.label)).size).toBe(REPORT_FIGURES.length);
  });
  it('format hours with their sign and counts with a thousands separator', () => {
    expect(formatFigure(125, 'duration')).toBe('02:05');
    expect(formatFigure(-30, 'duration')).toBe('−00:30');
    expect(formatFigure(1234, 'count')).toBe('1.234');
  });
  it('by employee: name, CPF as the database gave it, job, unit, then the figures; totals are the report’s', () => {
    const table = reportTable('employee', report);
    expect(table.lines.map((line) => line.heads)).toEqual([
      ['Ana', '529.982.247-25', 'Balconista', 'Unidade Centro'],
      ['Bia', '***.456.789-**', '', 'Unidade Centro'],
    ]);
    expect(table.lines[0]!.values.slice(0, 3)).toEqual([480, 610, 130]);
    expect(table.totals).toEqual(REPORT_FIGURES.map((key) => report.totals[key]));
  });
  it('by day: the days and their sums', () => {
    const table = reportTable('daily', report);
    expect(table.columns.map((column) => column.label)).toEqual(['Esperadas', 'Trabalhadas', 'Horas extras', 'Faltas', 'Atrasos']);
    expect(table.totals).toEqual([960, 1060, 130, 0, 1]);
  });
});

describe('the exports', () => {
  it('a CSV has the filters, the columns, a line per employee and the totals row as on screen', () => {
    const doc = reportExport(reportTable('employee', report), report, { unit: 'Unidade Centro', employee: null }, new Date('2026-11-26T15:00:00Z'));
    const lines = toCsvText(exportLayout(doc)).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('Relatórios de Ponto: por funcionário');
    expect(lines[1]).toBe('Período: 01/11/2026 a 30/11/2026');
    expect(lines[2]).toBe('Unidade: Unidade Centro');
    expect(lines[3]).toBe('Funcionário: Todos os funcionários');
    const header = lines[6]!.split(';');
    expect(header.slice(0, 7)).toEqual(['Funcionário', 'CPF', 'Cargo', 'Unidade', 'Esperadas', 'Trabalhadas', 'Saldo']);
    expect(lines[7]!.split(';').slice(0, 7)).toEqual(['Ana', '529.982.247-25', 'Balconista', 'Unidade Centro', '08:00', '10:10', '02:10']);
    const totals = lines[9]!.split(';');
    expect(totals.slice(0, 8)).toEqual(['Total', '', '', '', '16:00', '17:40', '01:40', '02:10']);
    expect(totals[header.indexOf('Dias com extra > 2h')]).toBe('1');
    expect(totals[header.indexOf('Atrasos')]).toBe('1');
  });
  it('names the file after the table and the period', () => {
    expect(reportFileName('unit', report, 'xlsx')).toBe('ponto-por-unidade-2026-11-01-a-2026-11-30.xlsx');
  });
});

describe('the dashboard counts', () => {
  const person = (id: string, status: DashboardStatus, late = false) => ({ user_id: id, status, late });
  it('one unit: its own counts', () => {
    const counts = { trabalhando: 2, intervalo: 1, encerrado: 0, ausente: 1, aguardando: 0, sem_escala: 3, atrasado: 1, total: 7 };
    expect(dashboardCounts([{ counts, people: [] }])).toBe(counts);
  });
  it('several units: each person once, even when assigned to two units', () => {
    const zeroCounts = { trabalhando: 0, intervalo: 0, encerrado: 0, ausente: 0, aguardando: 0, sem_escala: 0, atrasado: 0, total: 0 };
    const units = [
      { counts: zeroCounts, people: [person(ANA, 'trabalhando', true), person(BIA, 'ausente', true)] },
      { counts: zeroCounts, people: [person(BIA, 'ausente', true), person(UNIT, 'intervalo')] },
    ];
    expect(dashboardCounts(units)).toEqual({ ...zeroCounts, trabalhando: 1, ausente: 1, intervalo: 1, atrasado: 2, total: 3 });
  });
});
