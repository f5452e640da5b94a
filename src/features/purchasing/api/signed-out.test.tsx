/**
 * Spec §5: sending a batch and creating a quote need a signed-in user. These run the real hooks over the app's real
 * Supabase client with no session (nothing stored, as after a logout or an expiry) and assert the toasts the user
 * sees. Nothing reaches a server: both operations stop at the missing session.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useGetOrCreateQuote } from '@/features/purchasing/api/get-or-create-quote';
import { useSendBatch } from '@/features/purchasing/api/send-batch';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('purchasing writes without a session', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    const { data } = await supabase.auth.getSession();
    expect(data.session).toBeNull();
  });
  afterEach(cleanup);

  it('sending a batch to quotation: "Erro de autenticação. Por favor, faça login novamente."', async () => {
    const { result } = renderHook(() => ({ send: useSendBatch(), toasts: useToast().toasts }), { wrapper });
    await act(async () => {
      await result.current.send.mutateAsync({ batchId: '00000000-0000-4000-8000-000000000001' }).catch(() => undefined);
    });
    await waitFor(() =>
      expect(result.current.toasts[0]).toMatchObject({
        title: 'Erro ao enviar lote para cotação',
        description: 'Erro de autenticação. Por favor, faça login novamente.',
        variant: 'destructive',
      }),
    );
    expect(result.current.send.isError).toBe(true);
  });

  it('creating a quote: "Erro de autenticação" / "Você precisa estar autenticado para criar cotações."', async () => {
    const { result } = renderHook(() => ({ create: useGetOrCreateQuote(), toasts: useToast().toasts }), { wrapper });
    await act(async () => {
      await result.current.create.mutateAsync('00000000-0000-4000-8000-000000000002').catch(() => undefined);
    });
    await waitFor(() =>
      expect(result.current.toasts[0]).toMatchObject({
        title: 'Erro de autenticação',
        description: 'Você precisa estar autenticado para criar cotações.',
        variant: 'destructive',
      }),
    );
  });
});
