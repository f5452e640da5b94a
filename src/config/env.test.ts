import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

describe('parseEnv', () => {
  it('accepts a URL and a key', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'k' })).toEqual({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
  });
  it('names every problem', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'nope', VITE_SUPABASE_ANON_KEY: ' ' })).toThrow(
      /VITE_SUPABASE_URL[\s\S]*VITE_SUPABASE_ANON_KEY/,
    );
  });
});
