import { describe, expect, it } from 'vitest';
import {
  actionPhotoPath,
  checkFile,
  documentFilePath,
  dueBadge,
  formatDayMonth,
  listParamsFromSearch,
  percent,
  receiptRows,
  safeStorageName,
  shortHash,
  withListParams,
} from '@/features/documents/logic';
import type { DocumentMyStatus, DocumentReceipts } from '@/features/documents/schemas';

const pending: DocumentMyStatus = { read_at: null, acknowledged_at: null, acknowledged_version: null, pending: true, unit_done: null };
const met: DocumentMyStatus = { ...pending, pending: false, acknowledged_at: '2026-11-26T12:00:00Z', acknowledged_version: 1 };

describe('the list URL', () => {
  it('reads search, filter and page; a manage filter only for publishers; junk as defaults', () => {
    expect(listParamsFromSearch(new URLSearchParams('busca=recall&filtro=pendentes&pagina=3'), false)).toEqual({ search: 'recall', filter: 'PENDENTES', page: 2 });
    expect(listParamsFromSearch(new URLSearchParams('filtro=gerenciar'), false).filter).toBe('TODOS');
    expect(listParamsFromSearch(new URLSearchParams('filtro=gerenciar'), true).filter).toBe('GERENCIAR');
    expect(listParamsFromSearch(new URLSearchParams('pagina=-2&filtro=x'), true)).toEqual({ search: '', filter: 'TODOS', page: 0 });
  });

  it('writes the filters and keeps the open document', () => {
    const next = withListParams(new URLSearchParams('documento=abc&pagina=4'), { search: ' lote ', filter: 'PENDENTES', page: 0 });
    expect(next.get('documento')).toBe('abc');
    expect(next.get('busca')).toBe('lote');
    expect(next.get('filtro')).toBe('pendentes');
    expect(next.has('pagina')).toBe(false);
    expect(withListParams(next, { search: '', filter: 'TODOS', page: 1 }).toString()).toBe('documento=abc&pagina=2');
  });
});

describe('the due badge', () => {
  const today = '2026-11-26';
  it('says when a pending demand is due, in words', () => {
    expect(dueBadge({ demand: 'LEITURA', due_date: '2026-12-03', overdue: false, my: pending }, today)).toEqual({ text: 'Vence em 3 de dezembro', tone: 'later' });
    expect(dueBadge({ demand: 'ACAO', due_date: '2026-11-27', overdue: false, my: pending }, today)).toEqual({ text: 'Vence amanhã', tone: 'soon' });
    expect(dueBadge({ demand: 'ACAO', due_date: today, overdue: false, my: pending }, today)?.text).toBe('Vence hoje');
    expect(dueBadge({ demand: 'LEITURA', due_date: '2027-01-10', overdue: false, my: pending }, today)?.text).toBe('Vence em 10 de janeiro de 2027');
  });

  it('is Atrasado only while the reader still owes it; nothing without a demand', () => {
    expect(dueBadge({ demand: 'LEITURA', due_date: '2026-11-20', overdue: true, my: pending }, today)).toEqual({ text: 'Atrasado', tone: 'overdue' });
    // Met after the due date: the date is said as a deadline, not as something still to come.
    expect(dueBadge({ demand: 'LEITURA', due_date: '2026-11-20', overdue: true, my: met }, today)).toEqual({ text: 'Prazo: 20 de novembro', tone: 'done' });
    expect(dueBadge({ demand: 'NENHUMA', due_date: null, overdue: false, my: met }, today)).toBeNull();
  });

  it('names the month in Portuguese', () => {
    expect(formatDayMonth('2026-03-01', '2026-01-01')).toBe('1 de março');
  });
});

describe('figures and files', () => {
  it('rounds percentages and treats an empty audience as 0 %', () => {
    expect(percent(1, 3)).toBe('33 %');
    expect(percent(0, 0)).toBe('0 %');
    expect(shortHash('a'.repeat(64))).toHaveLength(12);
  });

  it('keeps file names readable and free of folders in the storage path', () => {
    expect(safeStorageName('../Relatório de Lote 12/2026.pdf')).toBe('Relatorio_de_Lote_12-2026.pdf');
    expect(safeStorageName('???')).toBe('arquivo');
    expect(documentFilePath('d1', 'foto lote.png', 'u1')).toBe('d1/u1-foto_lote.png');
    expect(actionPhotoPath('d1', 'unit', 'a/b.jpg', 'u2')).toBe('d1/acoes/unit/u2-a-b.jpg');
  });

  it('refuses a file over 10 MB or whose bytes are not a PDF or an image', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const html = new TextEncoder().encode('<html><script>');
    expect(checkFile(1000, png)).toEqual({ ok: true, type: 'image/png' });
    expect(checkFile(1000, html)).toEqual({ ok: false, problem: 'content' });
    expect(checkFile(10 * 1024 * 1024 + 1, png)).toEqual({ ok: false, problem: 'too_large' });
  });
});

describe('the receipts export', () => {
  it('has one row per person with what they did', () => {
    const receipts: DocumentReceipts = {
      document_id: 'd',
      version: 2,
      ack_version: 2,
      demand: 'LEITURA',
      totals: { audience: 2, read: 1, acknowledged: 1, units: 1, units_done: 0 },
      units: [],
      people: [
        { user_id: 'a', name: 'Bruno', unit_id: 'c', unit_name: 'Unidade Centro', role: 'BALCONISTA', read_at: 'R', acknowledged_at: 'A', acknowledged_version: 2, pending: false },
        { user_id: 'b', name: 'Beatriz', unit_id: null, unit_name: null, role: 'BALCONISTA_II', read_at: null, acknowledged_at: null, acknowledged_version: null, pending: true },
      ],
      last_reminder_at: null,
    };
    expect(receiptRows(receipts, (role) => `[${role}]`, (at) => `at ${at}`)).toEqual([
      ['Bruno', 'Unidade Centro', '[BALCONISTA]', 'at R', 'at A', '2', 'Em dia'],
      ['Beatriz', 'Sem unidade', '[BALCONISTA_II]', '', '', '', 'Pendente'],
    ]);
  });
});
