import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  choiceExtra,
  costOfMoneyExtra,
  defaultPeriod,
  matchingPreset,
  parseAnalysisSearch,
  periodProblem,
  presetPeriod,
  recurrenceExtra,
  resolveKnownIds,
  useAnalysisParams,
  writeAnalysisSearch,
} from '@/features/analytics/components/shared/use-analysis-params';

const getOptions = vi.fn();
const getProduct = vi.fn();

/** A supabase-js builder: every call chains, awaiting it gives the response. */
function builder(result: () => Promise<unknown>) {
  const chain: Record<string, unknown> = {};
  for (const method of ['select', 'eq', 'limit', 'order', 'abortSignal']) chain[method] = () => chain;
  chain.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => result().then(resolve, reject);
  return chain;
}

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: () => builder(async () => ({ data: await getOptions(), error: null })),
    from: () => {
      let id = '';
      const chain = builder(async () => ({ data: [await getProduct(id)].filter(Boolean), error: null }));
      chain.eq = (_column: string, value: string) => {
        id = value;
        return chain;
      };
      return chain;
    },
  },
}));

const TODAY = '2026-11-26';
const UNIT = '11111111-1111-4111-8111-111111111111';
const SUPPLIER = '22222222-2222-4222-8222-222222222222';
const CATEGORY = '33333333-3333-4333-8333-333333333333';
const PRODUCT = '44444444-4444-4444-8444-444444444444';
const OTHER = '55555555-5555-4555-8555-555555555555';

const EXTRAS = { cost: costOfMoneyExtra, recurrence: recurrenceExtra, tab: choiceExtra('aba', ['resumo', 'itens'], 'resumo', 'Aba inválida na URL: mostrando o resumo') };

const parse = (search: string) => parseAnalysisSearch(new URLSearchParams(search), TODAY, EXTRAS);

describe('periods', () => {
  it('defaults to the last 90 days ending today', () => {
    expect(defaultPeriod(TODAY)).toEqual({ from: '2026-08-29', to: TODAY });
    expect(presetPeriod('last90', TODAY)).toEqual(defaultPeriod(TODAY));
  });

  it('has presets for 30 days and 12 months ending today', () => {
    expect(presetPeriod('last30', TODAY)).toEqual({ from: '2026-10-28', to: TODAY });
    expect(presetPeriod('last12months', TODAY)).toEqual({ from: '2025-11-27', to: TODAY });
    expect(presetPeriod('last12months', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });

  it('names the preset a period equals', () => {
    expect(matchingPreset({ from: '2026-10-28', to: TODAY }, TODAY)).toBe('last30');
    expect(matchingPreset({ from: '2026-10-27', to: TODAY }, TODAY)).toBeNull();
  });

  it('refuses incomplete, inverted and longer than 3 years periods', () => {
    expect(periodProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(periodProblem('', '2026-01-31')).toBe('Informe as duas datas do período.');
    expect(periodProblem('2026-02-01', '2026-01-31')).toBe('A data inicial deve ser anterior ou igual à final.');
    expect(periodProblem('2023-01-01', '2026-01-31')).toBe('Período longo demais: escolha até 3 anos.');
    expect(periodProblem('2023-02-01', '2026-01-31')).toBeNull();
  });
});

describe('parseAnalysisSearch', () => {
  it('reads every filter and extra from the URL', () => {
    const parsed = parse(`de=2026-01-01&ate=2026-03-31&unidade=${UNIT}&fornecedor=${SUPPLIER.toUpperCase()}&categoria=${CATEGORY}&produto=${PRODUCT}&custo=3,5&recorrencia=15&aba=itens`);
    expect(parsed.filters).toEqual({ from: '2026-01-01', to: '2026-03-31', unitId: UNIT, supplierId: SUPPLIER, categoryId: CATEGORY, productId: PRODUCT });
    expect(parsed.extras).toEqual({ cost: 3.5, recurrence: 15, tab: 'itens' });
    expect(parsed.notices).toEqual([]);
  });

  it('uses the defaults without params', () => {
    const parsed = parse('');
    expect(parsed.filters).toEqual({ from: '2026-08-29', to: TODAY, unitId: null, supplierId: null, categoryId: null, productId: null });
    expect(parsed.extras).toEqual({ cost: 2, recurrence: 30, tab: 'resumo' });
    expect(parsed.notices).toEqual([]);
  });

  it('completes a period given by one end with the default other end', () => {
    expect(parse('de=2026-10-01').filters).toMatchObject({ from: '2026-10-01', to: TODAY });
  });

  it.each([
    ['an inverted period', 'de=2026-05-01&ate=2026-04-01'],
    ['a bad date', 'de=2026-02-30&ate=2026-04-01'],
    ['text', 'de=ontem'],
    ['a period longer than 3 years', 'de=2020-01-01&ate=2026-01-01'],
  ])('replaces %s by the last 90 days, with a notice', (_, search) => {
    const parsed = parse(search);
    expect(parsed.filters).toMatchObject(defaultPeriod(TODAY));
    expect(parsed.notices).toEqual(['Período inválido na URL: mostrando os últimos 90 dias']);
  });

  it('replaces ids that are not uuids by all, with a notice each', () => {
    const parsed = parse('unidade=loja-1&fornecedor=42&produto=x');
    expect(parsed.filters).toMatchObject({ unitId: null, supplierId: null, productId: null });
    expect(parsed.notices).toEqual([
      'Unidade inválida na URL: mostrando todas as unidades',
      'Fornecedor inválido na URL: mostrando todos os fornecedores',
      'Produto inválido na URL: mostrando todos os produtos',
    ]);
  });

  it.each(['21', '-1', 'abc', '2.555', '1e1'])('refuses custo=%s (outside 0–20 %% a month or not a number) and uses 2', (value) => {
    const parsed = parse(`custo=${value}`);
    expect(parsed.extras.cost).toBe(2);
    expect(parsed.notices).toEqual(['Custo do dinheiro inválido na URL (deve estar entre 0 % e 20 % ao mês): usando 2 % ao mês']);
  });

  it('accepts custo 0 and 20', () => {
    expect(parse('custo=0').extras.cost).toBe(0);
    expect(parse('custo=20').extras.cost).toBe(20);
  });

  it.each(['0', '366', '7.5'])('refuses recorrencia=%s and uses 30', (value) => {
    expect(parse(`recorrencia=${value}`).extras.recurrence).toBe(30);
    expect(parse(`recorrencia=${value}`).notices).toEqual(['Recorrência inválida na URL (deve ser de 1 a 365 dias): usando 30 dias']);
  });

  it('refuses an unknown choice', () => {
    const parsed = parse('aba=tudo');
    expect(parsed.extras.tab).toBe('resumo');
    expect(parsed.notices).toEqual(['Aba inválida na URL: mostrando o resumo']);
  });
});

describe('writeAnalysisSearch', () => {
  const write = (search: string, patch: Parameters<typeof writeAnalysisSearch<typeof EXTRAS>>[2]) => {
    const current = new URLSearchParams(search);
    return writeAnalysisSearch(current, parseAnalysisSearch(current, TODAY, EXTRAS), patch, EXTRAS, TODAY).toString();
  };

  it('writes a chosen period, ids and extras different from their defaults', () => {
    expect(write('', { from: '2026-01-01', to: '2026-02-01', unitId: UNIT, extras: { cost: 1.5 } })).toBe(`de=2026-01-01&ate=2026-02-01&unidade=${UNIT}&custo=1.5`);
  });

  it('keeps a chosen period even when it equals the default', () => {
    expect(write('', defaultPeriod(TODAY))).toBe('de=2026-08-29&ate=2026-11-26');
  });

  it('drops an extra set back to its default and an id set back to all', () => {
    expect(write(`unidade=${UNIT}&custo=3`, { unitId: null, extras: { cost: 2 } })).toBe('');
  });

  it('drops unusable values the URL held and keeps params it does not know', () => {
    expect(write('pedido=abc&de=2026-05-01&ate=2026-04-01&fornecedor=x&custo=99', { categoryId: CATEGORY })).toBe(`pedido=abc&categoria=${CATEGORY}`);
  });
});

describe('resolveKnownIds', () => {
  const options = { units: [{ id: UNIT, name: 'Loja Centro' }], suppliers: [{ id: SUPPLIER, name: 'Distribuidora' }], categories: [] };

  it('keeps ids the options have and replaces the others by all, with a notice', () => {
    const filters = { from: '2026-01-01', to: '2026-01-31', unitId: UNIT, supplierId: OTHER, categoryId: CATEGORY, productId: null };
    expect(resolveKnownIds(filters, options)).toEqual({
      filters: { ...filters, supplierId: null, categoryId: null },
      notices: [
        'O fornecedor da URL não existe ou não está disponível: mostrando todos os fornecedores',
        'A categoria da URL não existe: mostrando todas as categorias',
      ],
    });
  });
});

describe('useAnalysisParams', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T15:00:00Z'));
    getOptions.mockResolvedValue({ units: [{ id: UNIT, name: 'Loja Centro' }], suppliers: [], categories: [] });
    getProduct.mockImplementation((id: string) => Promise.resolve(id === PRODUCT ? { id, name: 'Dipirona 500 mg' } : null));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  function setup(initial: string, startFigures?: (search: string) => void) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const location = { current: '' };
    function Spy() {
      location.current = useLocation().search;
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/relatorio-compras${initial}`]}>
          <Spy />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
    const hook = renderHook(() => useAnalysisParams(EXTRAS, startFigures), { wrapper });
    return { ...hook, location };
  }

  it('is ready at once without id filters, with the default period ending today in São Paulo', () => {
    const { result } = setup('');
    expect(result.current.ready).toBe(true);
    expect(result.current.today).toBe(TODAY);
    expect(result.current.filters).toMatchObject({ from: '2026-08-29', to: TODAY });
  });

  it('waits for the options before using a unit of the URL, then drops one it does not know', async () => {
    const { result } = setup(`?unidade=${OTHER}`);
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.filters.unitId).toBeNull();
    expect(result.current.notices).toEqual(['A unidade da URL não existe ou não está disponível: mostrando todas as unidades']);
  });

  it('keeps a known unit and names the product of the URL', async () => {
    const { result } = setup(`?unidade=${UNIT}&produto=${PRODUCT}`);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.filters).toMatchObject({ unitId: UNIT, productId: PRODUCT });
    expect(result.current.product).toEqual({ id: PRODUCT, name: 'Dipirona 500 mg' });
    expect(result.current.notices).toEqual([]);
  });

  it('drops a product that does not exist, with a notice', async () => {
    const { result } = setup(`?produto=${OTHER}`);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.filters.productId).toBeNull();
    expect(result.current.notices).toEqual(['O produto da URL não existe: mostrando todos os produtos']);
  });

  it('writes presets, changes and resets to the URL, keeping unknown params', async () => {
    const { result, location } = setup('?pedido=abc');
    act(() => result.current.applyPreset('last30'));
    expect(location.current).toBe('?pedido=abc&de=2026-10-28&ate=2026-11-26');
    expect(result.current.filters).toMatchObject({ from: '2026-10-28', to: TODAY });
    act(() => result.current.update({ extras: { cost: 4 } }));
    expect(result.current.extras.cost).toBe(4);
    expect(location.current).toBe('?pedido=abc&de=2026-10-28&ate=2026-11-26&custo=4');
    act(() => result.current.reset());
    expect(location.current).toBe('?pedido=abc');
    expect(result.current.filters).toMatchObject(defaultPeriod(TODAY));
  });

  it('keeps both of two changes made before the router re-rendered (a preset, then at once the cost)', () => {
    const { result, location } = setup('');
    const beforeRender = result.current;
    act(() => {
      beforeRender.applyPreset('last12months');
      beforeRender.update({ extras: { cost: 4 } });
    });
    expect(location.current).toBe('?de=2025-11-27&ate=2026-11-26&custo=4');
    expect(result.current.filters).toMatchObject({ from: '2025-11-27', to: TODAY });
    expect(result.current.extras.cost).toBe(4);
  });

  it('starts the figures of each URL it writes before the router draws it, once the URL ids are confirmed', async () => {
    const started: string[] = [];
    const { result, location } = setup(`?unidade=${UNIT}`, (search) => {
      // Called before the router has the new URL: the request leaves at the click.
      started.push(`${search} (router at ${location.current})`);
    });
    // The unit of the URL waits for the options: a change made meanwhile starts nothing (it may name an unknown id).
    expect(result.current.ready).toBe(false);
    act(() => result.current.applyPreset('last30'));
    expect(started).toEqual([]);
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.applyPreset('last12months'));
    act(() => result.current.update({ extras: { cost: 4 } }));
    act(() => result.current.reset());
    expect(started).toEqual([
      `?unidade=${UNIT}&de=2025-11-27&ate=2026-11-26 (router at ?unidade=${UNIT}&de=2026-10-28&ate=2026-11-26)`,
      `?unidade=${UNIT}&de=2025-11-27&ate=2026-11-26&custo=4 (router at ?unidade=${UNIT}&de=2025-11-27&ate=2026-11-26)`,
      `? (router at ?unidade=${UNIT}&de=2025-11-27&ate=2026-11-26&custo=4)`,
    ]);
    expect(location.current).toBe('');
  });
});
