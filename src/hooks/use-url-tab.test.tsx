/** Every tabbed page keeps its tab in ?aba=: read with a fallback, switched keeping only the page's own parameters. */
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlTab } from '@/hooks/use-url-tab';

const TABS = ['itens', 'comparativo', 'pedidos'] as const;
const KEEP = ['lote'];

function at(url: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
}

function useTabAndSearch() {
  const [tab, select] = useUrlTab(TABS, 'itens', KEEP);
  return { tab, select, search: useLocation().search };
}

afterEach(cleanup);

describe('useUrlTab', () => {
  it('reads ?aba=, and opens the fallback for a missing or unknown one', () => {
    expect(renderHook(() => useTabAndSearch(), { wrapper: at('/compras?lote=7&aba=pedidos') }).result.current.tab).toBe('pedidos');
    expect(renderHook(() => useTabAndSearch(), { wrapper: at('/compras?lote=7') }).result.current.tab).toBe('itens');
    expect(renderHook(() => useTabAndSearch(), { wrapper: at('/compras?aba=outra') }).result.current.tab).toBe('itens');
  });

  it("switching keeps only the page's own parameters, and leaves the fallback out of the URL", () => {
    const { result } = renderHook(() => useTabAndSearch(), { wrapper: at('/compras?lote=7&aba=itens&busca=x') });
    act(() => result.current.select('comparativo'));
    expect(result.current.tab).toBe('comparativo');
    expect(result.current.search).toBe('?lote=7&aba=comparativo');
    act(() => result.current.select('itens'));
    expect(result.current.search).toBe('?lote=7');
    act(() => result.current.select('desconhecida'));
    expect(result.current.search).toBe('?lote=7');
  });

  it('clicking the open tab keeps its parameters', () => {
    const { result } = renderHook(() => useTabAndSearch(), { wrapper: at('/compras?lote=7&aba=pedidos&pedido=3') });
    act(() => result.current.select('pedidos'));
    expect(result.current.search).toBe('?lote=7&aba=pedidos&pedido=3');
  });
});
