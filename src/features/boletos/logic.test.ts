import { describe, expect, it } from 'vitest';
import {
  availableActions,
  DEFAULT_BOLETO_FILTERS,
  dueHint,
  filtersFromSearchParams,
  hasActiveFilters,
  historyEventLabel,
  historyTransition,
  pageSelectionState,
  earliestPaymentDay,
  isBackdatedPayment,
  pruneSelection,
  twinDescription,
  reopenLabel,
  searchParamsFromFilters,
  selectionSummary,
  situationBadge,
} from '@/features/boletos/logic';
import { BoletoListError, boletoListErrorMessage } from '@/features/boletos/messages';
import type { BoletoListFilters, BoletoRow } from '@/features/boletos/types';

const UNIT = '3f0c1f7e-5a8b-4c1d-9e2f-1a2b3c4d5e6f';
const SUPPLIER = '4d001f67-1345-4711-b08a-749601fb6d54';

const row = (patch: Partial<BoletoRow>): BoletoRow => ({
  id: 'b1',
  unit_id: UNIT,
  unit_name: 'Unidade Centro',
  supplier_id: SUPPLIER,
  supplier_name: 'Distribuidora Alfa',
  supplier_cnpj: '11.222.333/0001-81',
  beneficiary: null,
  kind: 'BANCARIO',
  barcode: '34191999800001987000087109140000000000000011',
  linha_digitavel: '34190087130914000000200000000117199980000198700',
  bank_code: '341',
  amount: 100,
  due_date: '2026-11-25',
  issue_date: null,
  document_number: null,
  notes: null,
  status: 'PENDENTE',
  situation: 'VENCE_HOJE',
  paid_at: null,
  paid_amount: null,
  payment_account: null,
  alerts: [],
  created_at: '2026-11-01T12:00:00Z',
  attachments: 0,
  duplicate_reason: null,
  twin: null,
  ...patch,
});

describe('filters ⇄ URL', () => {
  it('an empty URL is the default view: pending boletos, oldest due date first, first page', () => {
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ filters: DEFAULT_BOLETO_FILTERS, page: 0 });
    expect(searchParamsFromFilters(DEFAULT_BOLETO_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter and the page through Portuguese parameters', () => {
    const filters: BoletoListFilters = {
      unitId: UNIT,
      supplierId: SUPPLIER,
      situation: 'VENCIDO',
      dueFrom: '2026-11-01',
      dueTo: '2026-11-30',
      search: 'NF 8120 álcool',
      sort: 'amount_desc',
    };
    const params = searchParamsFromFilters(filters, 2);
    expect(Object.fromEntries(params)).toEqual({
      unidade: UNIT,
      fornecedor: SUPPLIER,
      situacao: 'vencidos',
      de: '2026-11-01',
      ate: '2026-11-30',
      busca: 'NF 8120 álcool',
      ordem: 'maior-valor',
      pagina: '3',
    });
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 2 });
  });

  it('keeps "Todos" (no situation) apart from the default "Pendentes"', () => {
    const all = { ...DEFAULT_BOLETO_FILTERS, situation: null };
    expect(searchParamsFromFilters(all).get('situacao')).toBe('todos');
    expect(filtersFromSearchParams(searchParamsFromFilters(all)).filters.situation).toBeNull();
    for (const situation of ['PENDENTE', 'A_VENCER', 'VENCE_HOJE', 'VENCIDO', 'PAGO', 'CANCELADO'] as const) {
      expect(filtersFromSearchParams(searchParamsFromFilters({ ...DEFAULT_BOLETO_FILTERS, situation })).filters.situation).toBe(situation);
    }
    for (const sort of ['due_asc', 'due_desc', 'amount_desc', 'created_desc'] as const) {
      expect(filtersFromSearchParams(searchParamsFromFilters({ ...DEFAULT_BOLETO_FILTERS, sort })).filters.sort).toBe(sort);
    }
  });

  it('falls back to the default for each invalid value and keeps the valid ones', () => {
    const { filters, page } = filtersFromSearchParams(
      new URLSearchParams({
        unidade: 'centro',
        fornecedor: `${SUPPLIER}x`,
        situacao: 'VENCIDO',
        de: '2026-02-30',
        ate: '2026-13-01',
        ordem: 'nome',
        pagina: '-2',
        busca: 'alfa',
      }),
    );
    expect(filters).toEqual({ ...DEFAULT_BOLETO_FILTERS, search: 'alfa' });
    expect(page).toBe(0);
    expect(filtersFromSearchParams(new URLSearchParams('pagina=1.5')).page).toBe(0);
    expect(filtersFromSearchParams(new URLSearchParams('pagina=abc')).page).toBe(0);
    expect(filtersFromSearchParams(new URLSearchParams('de=1999-12-31')).filters.dueFrom).toBeNull();
  });

  it('reads a reversed period the way it was meant and cuts a search longer than the database accepts', () => {
    const { filters } = filtersFromSearchParams(new URLSearchParams({ de: '2026-12-31', ate: '2026-12-01', busca: 'x'.repeat(150) }));
    expect([filters.dueFrom, filters.dueTo]).toEqual(['2026-12-01', '2026-12-31']);
    expect(filters.search).toHaveLength(100);
  });

  it('lower-cases ids and leaves blank searches out of the URL', () => {
    expect(filtersFromSearchParams(new URLSearchParams({ unidade: UNIT.toUpperCase() })).filters.unitId).toBe(UNIT);
    expect(searchParamsFromFilters({ ...DEFAULT_BOLETO_FILTERS, search: '   ' }).has('busca')).toBe(false);
  });

  it('tells when any filter differs from the default (the sort is not a filter)', () => {
    expect(hasActiveFilters(DEFAULT_BOLETO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_BOLETO_FILTERS, sort: 'amount_desc' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_BOLETO_FILTERS, situation: null })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_BOLETO_FILTERS, search: 'alfa' })).toBe(true);
  });
});

describe('situation badge', () => {
  const today = '2026-11-25';
  it("says how late an overdue boleto is: 'há 1 dia' in the singular, 'há 3 dias' in the plural", () => {
    expect(situationBadge(row({ situation: 'VENCIDO', due_date: '2026-11-24' }), today)).toEqual({ text: 'Vencido há 1 dia', tone: 'danger' });
    expect(situationBadge(row({ situation: 'VENCIDO', due_date: '2026-11-22' }), today)).toEqual({ text: 'Vencido há 3 dias', tone: 'danger' });
    expect(situationBadge(row({ situation: 'VENCIDO', due_date: '2025-11-25' }), today).text).toBe('Vencido há 365 dias');
  });

  it('due today, to come, paid on a day, cancelled', () => {
    expect(situationBadge(row({ situation: 'VENCE_HOJE' }), today)).toEqual({ text: 'Vence hoje', tone: 'warning' });
    expect(situationBadge(row({ situation: 'A_VENCER', due_date: '2026-12-10' }), today)).toEqual({ text: 'A vencer', tone: 'neutral' });
    expect(situationBadge(row({ situation: 'PAGO', status: 'PAGO', paid_at: '2026-11-03' }), today)).toEqual({ text: 'Pago em 03/11', tone: 'success' });
    expect(situationBadge(row({ situation: 'CANCELADO', status: 'CANCELADO' }), today)).toEqual({ text: 'Cancelado', tone: 'muted' });
  });

  it('hints how many days a boleto to come has left', () => {
    expect(dueHint(row({ situation: 'A_VENCER', due_date: '2026-11-26' }), today)).toBe('Vence amanhã');
    expect(dueHint(row({ situation: 'A_VENCER', due_date: '2026-11-30' }), today)).toBe('Vence em 5 dias');
    expect(dueHint(row({ situation: 'VENCIDO', due_date: '2026-11-20' }), today)).toBeNull();
  });
});

describe('history', () => {
  it('names each change the way the staff reads it', () => {
    expect(historyEventLabel(null, 'PENDENTE')).toBe('Lançado');
    expect(historyEventLabel('PENDENTE', 'PAGO')).toBe('Pago');
    expect(historyEventLabel('PENDENTE', 'CANCELADO')).toBe('Cancelado');
    expect(historyEventLabel('PAGO', 'PENDENTE')).toBe('Reaberto');
    expect(historyEventLabel('CANCELADO', 'PENDENTE')).toBe('Reaberto');
    expect(historyEventLabel('PENDENTE', 'EXCLUIDO')).toBe('Excluído');
    expect(historyTransition('PAGO', 'PENDENTE')).toBe('Pago → Pendente');
    expect(historyTransition(null, 'PENDENTE')).toBe('Pendente');
  });
});

describe('selection', () => {
  it('sums the selected amounts in cents (no floating-point drift)', () => {
    expect(selectionSummary([row({ amount: 0.1 }), row({ amount: 0.2 })])).toEqual({ count: 2, total: 0.3 });
    expect(selectionSummary([row({ amount: 1987 }), row({ amount: 2034.5 }), row({ amount: 4823.1 })])).toEqual({ count: 3, total: 8844.6 });
    expect(selectionSummary([])).toEqual({ count: 0, total: 0 });
  });

  it('drops boletos that left the page or stopped being pending; the header checkbox follows', () => {
    const a = row({ id: 'a' });
    const b = row({ id: 'b' });
    const paid = row({ id: 'c', status: 'PAGO', situation: 'PAGO' });
    const selected = new Map([
      ['a', a],
      ['b', b],
      ['gone', row({ id: 'gone' })],
    ]);
    const pruned = pruneSelection(selected, [a, { ...b, status: 'PAGO', situation: 'PAGO' }, paid]);
    expect([...pruned.keys()]).toEqual(['a']);
    expect(pageSelectionState([a, b, paid], new Map())).toBe(false);
    expect(pageSelectionState([a, b, paid], pruned)).toBe('indeterminate');
    expect(pageSelectionState([a, b, paid], new Map([['a', a], ['b', b]]))).toBe(true);
  });
});

describe('payment dates', () => {
  it('the earliest payment day is the latest issue or entry day; a date over 30 days back is backdated', () => {
    const today = '2026-11-25';
    // The earliest day of a selection: the latest of each boleto's issue day or, without one, its São Paulo entry day.
    expect(earliestPaymentDay([row({ issue_date: '2026-10-02' }), row({ issue_date: null, created_at: '2026-10-05T02:00:00Z' })])).toBe('2026-10-04');
    expect(isBackdatedPayment('2026-10-24', today)).toBe(true);
    expect(isBackdatedPayment('2026-10-26', today)).toBe(false);
    expect(twinDescription({ id: null, unit_name: 'Unidade Sul', status: 'PAGO', due_date: '2026-11-01', amount: 812.34, paid_at: '2026-10-30', paid_amount: 815 }))
      .toMatch(/^já pago em 30\/10\/2026, Unidade Sul, R\$\s815,00$/);
  });
});

describe('row actions', () => {
  it('a pending boleto is paid, edited, cancelled or deleted; only an admin reopens a paid or cancelled one', () => {
    expect(availableActions({ status: 'PENDENTE' }, false)).toEqual(['pay', 'edit', 'attachments', 'history', 'cancel', 'delete']);
    expect(availableActions({ status: 'PAGO' }, false)).toEqual(['attachments', 'history']);
    expect(availableActions({ status: 'PAGO' }, true)).toEqual(['reopen', 'attachments', 'history']);
    expect(availableActions({ status: 'CANCELADO' }, true)).toEqual(['reopen', 'attachments', 'history']);
    expect(reopenLabel('PAGO')).toBe('Desfazer pagamento');
    expect(reopenLabel('CANCELADO')).toBe('Reabrir');
  });
});

describe('the list’s refusals as the user reads them', () => {
  it("passes the database's own Portuguese message through, and words storage refusals in Portuguese", () => {
    expect(boletoListErrorMessage({ code: '22023', message: 'A data do pagamento não pode ser futura' })).toBe('A data do pagamento não pode ser futura');
    expect(boletoListErrorMessage({ code: '42501', message: 'Apenas um administrador pode desfazer o pagamento ou o cancelamento de um boleto' })).toBe(
      'Apenas um administrador pode desfazer o pagamento ou o cancelamento de um boleto',
    );
    expect(boletoListErrorMessage({ code: '22023', message: 'Remova os anexos antes de excluir o boleto' })).toBe('Remova os anexos antes de excluir o boleto');
    expect(boletoListErrorMessage({ statusCode: '403', message: 'new row violates row-level security policy' })).toBe(
      'Você não tem permissão para alterar os anexos deste boleto.',
    );
    expect(boletoListErrorMessage(new BoletoListError('O anexo não foi removido.'))).toBe('O anexo não foi removido.');
    expect(boletoListErrorMessage(new TypeError('Failed to fetch'))).toBe('Sem conexão com o servidor. Verifique a internet e tente novamente.');
  });
});
