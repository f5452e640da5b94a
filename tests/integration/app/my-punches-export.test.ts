/**
 * /meu-ponto's export adds up to the screen (issue 24): get_my_monthly_timesheet on the seed for a demo
 * employee (the clerk's previous month is fully seeded with punches, an incomplete day included),
 * summarised as the page does (summarizeTimesheet, what the summary cards show), turned into the export
 * with the feature's own function: the totals row is the cards' figures and the day rows add up to it.
 */
import { describe, expect, it } from 'vitest';
import { durationText, type CellInput } from '@/lib/spreadsheet/cells';
import { buildSpreadsheet } from '@/lib/spreadsheet/write';
import { TIMESHEET_TOTAL_COLUMNS, TIMESHEET_TOTAL_LABEL, timesheetExport } from '@/features/time-clock/export';
import { summarizeTimesheet, timesheetDayFromRow, type TimesheetRow } from '@/features/time-clock/logic';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);

const minutesIn = (value: CellInput | undefined): number => (value && typeof value === 'object' && value.kind === 'duration' ? value.minutes : 0);

describe('/meu-ponto export adds up to the screen', () => {
  it("the clerk's previous month: every day, a totals row equal to the summary cards, the rows adding up to it", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
    const clerk = await as('balconista');
    const days = (unwrap(await clerk.rpc('get_my_monthly_timesheet', { p_month: first })) as TimesheetRow[]).map(timesheetDayFromRow);
    const summary = summarizeTimesheet(days, today);
    // The seed has punches in that month: the figures are not zeros.
    expect(summary.worked).toBeGreaterThan(0);
    expect(summary.lines.some((line) => line.incomplete)).toBe(true);

    const doc = timesheetExport({ summary, employeeName: 'Bruno Balconista', month: first, today, generatedAt: new Date() });
    expect(doc.rows).toHaveLength(days.length);
    const totals = doc.totals!;
    expect(totals[0]).toEqual({ kind: 'text', value: TIMESHEET_TOTAL_LABEL });
    expect(minutesIn(totals[TIMESHEET_TOTAL_COLUMNS.worked])).toBe(summary.worked);
    expect(minutesIn(totals[TIMESHEET_TOTAL_COLUMNS.expected])).toBe(summary.expected);
    expect(minutesIn(totals[TIMESHEET_TOTAL_COLUMNS.balance])).toBe(summary.balance);
    for (const column of Object.values(TIMESHEET_TOTAL_COLUMNS)) {
      expect(doc.rows.reduce((sum, row) => sum + minutesIn(row[column]), 0)).toBe(minutesIn(totals[column]));
    }
    // The last running balance is the month's balance.
    expect(minutesIn(doc.rows.at(-1)?.[10])).toBe(summary.balance);

    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await buildSpreadsheet(doc, 'csv')).arrayBuffer());
    const total = csv.split('\r\n').find((line) => line.startsWith(`${TIMESHEET_TOTAL_LABEL};`))!.split(';');
    expect([total[7], total[8], total[9]]).toEqual([durationText(summary.worked), durationText(summary.expected), durationText(summary.balance)]);
    expect(csv).toContain('Funcionário: Bruno Balconista');
    expect(csv).not.toContain('\u2212');
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
