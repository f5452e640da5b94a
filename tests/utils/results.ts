import type { PostgrestError } from '@supabase/supabase-js';

/** The data of a supabase-js result, or a thrown error naming the PostgREST code (fixtures and reads that must work). */
export function unwrap<T>(result: { data: T; error: PostgrestError | null }): Exclude<T, null> {
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  if (result.data === null) throw new Error('no data');
  return result.data as Exclude<T, null>;
}
