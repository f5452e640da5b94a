/** A double click sends one write and gets one answer; a retry of the same inputs keeps its request id. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRequestIds } from '@/hooks/use-request-id';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(cleanup);

describe('useSingleFlightMutation', () => {
  it('ignores calls while one is pending (one request, one onSuccess), and runs again once it settled', async () => {
    let finish: (value: string) => void = () => undefined;
    const mutationFn = vi.fn((_input: number) => new Promise<string>((resolve) => (finish = resolve)));
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn, onSuccess, onSettled }), { wrapper });

    act(() => {
      result.current.mutate(1);
      result.current.mutate(2);
      result.current.mutate(3);
    });
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(1));
    expect(mutationFn.mock.calls[0]?.[0]).toBe(1);
    await act(async () => finish('ok'));
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledTimes(1);

    act(() => result.current.mutate(4));
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
    expect(mutationFn.mock.calls[1]?.[0]).toBe(4);
  });

  it('runs again after a failure', async () => {
    const mutationFn = vi.fn((_input: number) => Promise.reject(new Error('falhou')));
    const onError = vi.fn();
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn, onError }), { wrapper });
    act(() => result.current.mutate(1));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    act(() => result.current.mutate(1));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });
});

describe('useRequestIds', () => {
  it('keeps the id while the inputs are the same and not yet done; a new one for other inputs or after done()', () => {
    const { result } = renderHook(() => useRequestIds());
    const first = result.current.idFor('a');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.current.idFor('a')).toBe(first);
    const other = result.current.idFor('b');
    expect(other).not.toBe(first);
    expect(result.current.idFor('b')).toBe(other);
    result.current.done();
    expect(result.current.idFor('b')).not.toBe(other);
  });
});
