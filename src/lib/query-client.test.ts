import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

describe('the app query client (spec §9)', () => {
  it('keeps data fresh for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(5 * 60 * 1000);
  });

  it('retries a failed query once (two attempts in all), not the library default of 3', async () => {
    const client = createQueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['always-fails'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new Error('falhou'));
      },
      retryDelay: 0,
    });
    const failed = new Promise<void>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status === 'error') {
          unsubscribe();
          resolve();
        }
      });
    });
    await failed;
    expect(calls).toBe(2);
    client.clear();
  });

  it('tells the app layer when a write starts, and hands it every settled write with its key', async () => {
    const events: string[] = [];
    const client = createQueryClient(
      async (key) => {
        events.push(`after ${String(key?.join('/'))}`);
      },
      () => events.push('before'),
    );
    const observer = new MutationObserver(client, {
      mutationKey: ['feature', 'mutation', 'save'],
      mutationFn: async () => {
        events.push('write');
        return 1;
      },
    });
    await observer.mutate();
    expect(events).toEqual(['before', 'write', 'after feature/mutation/save']);
    client.clear();
  });
});
