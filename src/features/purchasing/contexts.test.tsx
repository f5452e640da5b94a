import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useOrders } from '@/features/purchasing/order-context';
import { useQuotes } from '@/features/purchasing/quote-context';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('purchasing contexts', () => {
  it('useOrders throws outside an OrderProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useOrders(), { wrapper })).toThrow('useOrders must be used within an OrderProvider');
  });

  it('useQuotes throws outside a QuoteProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useQuotes(), { wrapper })).toThrow('useQuotes must be used within a QuoteProvider');
  });
});
