import { describe, expect, it } from 'vitest';
import { buildSpreadsheet } from '@/lib/spreadsheet/write';
import { MARKS_EXPORT_COLUMNS, marksExport, marksFileName, marksSummary, periodTooLong, punchLabel } from '@/features/time-clock/reports/marks-export';
import type { ReportMark, TimeMarksReport } from '@/features/time-clock/reports/schemas';

const USER = '11111111-1111-4111-8111-111111111111';
const UNIT = '22222222-2222-4222-8222-222222222222';

function mark(at: string, source: ReportMark['source'], extra: Partial<ReportMark> = {}): ReportMark {
  return {
    user_id: USER,
    full_name: 'Carla Caixa',
    unit_id: UNIT,
    unit_name: 'Unidade Centro',
    work_date: at.slice(0, 10),
    at,
    source,
    punch_type: source === 'I' ? null : 'ENTRADA',
    nsr: source === 'I' ? null : 41,
    receipt_hash: source === 'I' ? null : 'a'.repeat(64),
    previous_hash: null,
    computer_name: source === 'I' ? null : 'Caixa 1',
    ip_origem: source === 'I' ? null : '203.0.113.7',
    user_agent: null,
    fora_da_unidade: false,
    ajuste_id: null,
    motivo: null,
    author_name: null,
    adjusted_at: null,
    ...extra,
  };
}

const REPORT: TimeMarksReport = {
  from: '2026-11-01',
  to: '2026-11-26',
  marks: [
    mark('2026-11-10T11:02:00Z', 'O'),
    mark('2026-11-10T23:40:00Z', 'D', { punch_type: 'EXTRA', nsr: 42, motivo: 'Marcação por engano', author_name: 'Ana Administradora', adjusted_at: '2026-11-11T13:00:00Z' }),
    mark('2026-11-10T20:00:00Z', 'I', { motivo: 'Esqueceu a saída', author_name: 'Ana Administradora', adjusted_at: '2026-11-11T13:05:00Z' }),
  ],
};

describe('periodTooLong (the RPCs refuse p_to >= p_from + 12 months)', () => {
  it('a year minus a day is accepted; a whole year is refused', () => {
    expect(periodTooLong('2026-01-01', '2026-12-31')).toBe(false);
    expect(periodTooLong('2026-01-01', '2027-01-01')).toBe(true);
    expect(periodTooLong('2025-11-27', '2026-11-26')).toBe(false);
  });
});

describe('marksSummary', () => {
  it('counts by source with the words agreeing with each number', () => {
    expect(marksSummary(REPORT.marks)).toBe('3 marcações: 1 original, 1 incluída, 1 desconsiderada');
    expect(marksSummary([])).toBe('0 marcações: 0 originais, 0 incluídas, 0 desconsideradas');
  });
});

describe('punchLabel', () => {
  it("names the punch's type, and an included mark as an inclusion", () => {
    expect(punchLabel(REPORT.marks[0]!)).toBe('Entrada');
    expect(punchLabel(REPORT.marks[1]!)).toBe('Marcação extra');
    expect(punchLabel(REPORT.marks[2]!)).toBe('Inclusão');
  });
});

describe('marksExport', () => {
  const doc = marksExport(REPORT, { unit: 'Unidade Centro', employee: 'Todos os funcionários' }, new Date('2026-11-26T15:00:00Z'));

  it('has one row per mark, each as wide as the header, and the screen’s count as the totals row', () => {
    expect(doc.rows).toHaveLength(3);
    for (const row of doc.rows) expect(row).toHaveLength(MARKS_EXPORT_COLUMNS.length);
    expect(doc.totals).toHaveLength(MARKS_EXPORT_COLUMNS.length);
    expect(doc.totals?.[4]).toEqual({ kind: 'text', value: marksSummary(REPORT.marks) });
    expect(doc.details).toContainEqual({ label: 'Período', value: '01/11/2026 a 26/11/2026' });
  });

  it('writes the source, the motive and author of a disregarded mark, its NSR and whole hash (São Paulo time)', async () => {
    const csv = await (await buildSpreadsheet(doc, 'csv')).text();
    const disregarded = csv.split(/\r?\n/).find((line) => line.includes('Desconsiderada'));
    expect(disregarded).toContain('20:40:00');
    expect(disregarded).toContain('Marcação por engano');
    expect(disregarded).toContain('Ana Administradora');
    expect(disregarded).toContain('42');
    const original = csv.split(/\r?\n/).find((line) => line.includes('Original'));
    expect(original).toContain('a'.repeat(64));
    expect(original).toContain('203.0.113.7');
    expect(csv).toContain('3 marcações: 1 original, 1 incluída, 1 desconsiderada');
  });

  it('names the file by the period', () => {
    expect(marksFileName('2026-11-01', '2026-11-26', 'xlsx')).toBe('marcacoes-2026-11-01-a-2026-11-26.xlsx');
  });
});
