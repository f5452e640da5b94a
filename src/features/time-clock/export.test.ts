import { describe, expect, it } from 'vitest';
import { buildSpreadsheet, cell } from '@/lib/spreadsheet/write';
import { TIMESHEET_TOTAL_COLUMNS, TIMESHEET_TOTAL_LABEL, timesheetExport, timesheetFileName } from '@/features/time-clock/export';
import { summarizeTimesheet, type TimesheetDay } from '@/features/time-clock/logic';

const day = (date: string, marks: Partial<TimesheetDay> = {}): TimesheetDay => ({
  date,
  entrada: null,
  saidaIntervalo: null,
  retornoIntervalo: null,
  saidaFinal: null,
  extras: [],
  workedMinutes: 0,
  expectedMinutes: 480,
  outsideUnit: false,
  ...marks,
});

/** A week of November 2026 as get_my_monthly_timesheet returns it (instants in UTC; São Paulo is UTC−3). */
const DAYS: TimesheetDay[] = [
  day('2026-11-23', {
    entrada: '2026-11-23T11:00:00Z',
    saidaIntervalo: '2026-11-23T15:00:00Z',
    retornoIntervalo: '2026-11-23T16:00:00Z',
    saidaFinal: '2026-11-23T20:30:00Z',
    workedMinutes: 510,
  }),
  // Left 45 minutes early, and marked at another unit.
  day('2026-11-24', {
    entrada: '2026-11-24T11:00:00Z',
    saidaIntervalo: '2026-11-24T15:00:00Z',
    retornoIntervalo: '2026-11-24T16:00:00Z',
    saidaFinal: '2026-11-24T19:15:00Z',
    workedMinutes: 435,
    outsideUnit: true,
  }),
  // Forgot the final exit.
  day('2026-11-25', { entrada: '2026-11-25T11:00:00Z', saidaIntervalo: '2026-11-25T15:00:00Z', retornoIntervalo: '2026-11-25T16:00:00Z', workedMinutes: 240 }),
  day('2026-11-26', { entrada: '2026-11-26T11:00:00Z', extras: ['2026-11-26T12:10:00Z'] }),
  day('2026-11-27'),
  day('2026-11-28', { expectedMinutes: 0 }),
];

const summary = summarizeTimesheet(DAYS, '2026-11-26');
const doc = timesheetExport({ summary, employeeName: 'Bruno Balconista', month: '2026-11-01', today: '2026-11-26', generatedAt: new Date('2026-11-26T17:05:00Z') });

describe('/meu-ponto export', () => {
  it('carries every day of the month and a totals row equal to the summary cards', () => {
    expect(doc.rows).toHaveLength(DAYS.length);
    expect(doc.totals?.[0]).toEqual(cell.text(TIMESHEET_TOTAL_LABEL));
    expect(doc.totals?.[TIMESHEET_TOTAL_COLUMNS.worked]).toEqual(cell.duration(summary.worked));
    expect(doc.totals?.[TIMESHEET_TOTAL_COLUMNS.expected]).toEqual(cell.duration(summary.expected));
    expect(doc.totals?.[TIMESHEET_TOTAL_COLUMNS.balance]).toEqual(cell.duration(summary.balance));
    // 510 + 435 + 240 worked; 3 × 480 expected (today counts nothing until the final exit) → −255.
    expect([summary.worked, summary.expected, summary.balance]).toEqual([1185, 1440, -255]);
    const minutes = (column: number) => doc.rows.reduce((sum, row) => sum + ((row[column] as { minutes: number } | null)?.minutes ?? 0), 0);
    expect(minutes(TIMESHEET_TOTAL_COLUMNS.worked)).toBe(summary.worked);
    expect(minutes(TIMESHEET_TOTAL_COLUMNS.expected)).toBe(summary.expected);
    expect(minutes(TIMESHEET_TOTAL_COLUMNS.balance)).toBe(summary.balance);
  });

  it('names the employee, the month and when it was generated', () => {
    expect(doc.details).toEqual([
      { label: 'Funcionário', value: 'Bruno Balconista' },
      { label: 'Mês', value: 'Novembro de 2026' },
      { label: 'Saldo calculado até', value: '26/11/2026' },
    ]);
    expect(timesheetFileName('2026-11-01', 'xlsx')).toBe('meu-ponto-2026-11.xlsx');
  });

  it('writes a CSV for Excel in Brazil: dd/mm/aaaa days, São Paulo times, hh:mm with a plain minus, the flags', async () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await buildSpreadsheet(doc, 'csv')).arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['\uFEFFEspelho de ponto', 'Funcionário: Bruno Balconista', 'Mês: Novembro de 2026', 'Saldo calculado até: 26/11/2026', 'Gerado em: 26/11/2026 14:05']);
    expect(lines).toContain('23/11/2026;segunda-feira;08:00;12:00;13:00;17:30;;08:30;08:00;00:30;00:30;');
    expect(lines).toContain('24/11/2026;terça-feira;08:00;12:00;13:00;16:15;;07:15;08:00;-00:45;-00:15;Fora da unidade');
    expect(lines).toContain('25/11/2026;quarta-feira;08:00;12:00;13:00;;;04:00;08:00;-04:00;-04:15;Incompleto');
    expect(lines).toContain('26/11/2026;quinta-feira;08:00;;;;09:10;00:00;00:00;00:00;-04:15;Dia em andamento');
    // Days to come are blank: nothing counted yet.
    expect(lines).toContain('27/11/2026;sexta-feira;;;;;;;;;;');
    expect(lines).toContain('Total do mês;;;;;;;19:45;24:00;-04:15;;');
    expect(text).not.toContain('\u2212');
    expect(text).not.toContain('2026-11');
  });
});
