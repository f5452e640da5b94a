import { beforeEach, describe, expect, it, vi } from 'vitest';

const client = { marker: 'the app client' };

describe('loadSupabase / whenSupabaseLoaded', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('waits for someone to load the client without loading it itself, then gives the same module to everyone', async () => {
    const factory = vi.fn(() => ({ supabase: client }));
    vi.doMock('@/lib/supabase', factory);
    const loader = await import('@/lib/supabase-loader');
    let subscribed = false;
    void loader.whenSupabaseLoaded().then(() => {
      subscribed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(factory).not.toHaveBeenCalled();
    expect(subscribed).toBe(false);

    const first = loader.loadSupabase();
    expect(loader.loadSupabase()).toBe(first);
    const module = await first;
    expect(module.supabase).toBe(client);
    expect(await loader.whenSupabaseLoaded()).toBe(module);
    expect(subscribed).toBe(true);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download (offline, or a deploy replaced the chunk)', async () => {
    let attempts = 0;
    vi.doMock('@/lib/supabase', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { supabase: client };
    });
    const loader = await import('@/lib/supabase-loader');
    await expect(loader.loadSupabase()).rejects.toThrow();
    await Promise.resolve();
    const module = await loader.loadSupabase();
    expect(module.supabase).toBe(client);
    expect(attempts).toBe(2);
  });
});
