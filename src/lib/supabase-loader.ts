/**
 * The app's Supabase client (src/lib/supabase.ts), loaded on first use instead of with the page: the sign-in page
 * shows its form before supabase-js (~53 KB gzipped) is asked for, and asks for it once shown (AuthLayout); a
 * signed-in reload asks for it from the entry, alongside the app's code (src/main.tsx). Every module the sign-in
 * page loads reaches the client through here; the others may import src/lib/supabase.ts directly.
 */
type SupabaseModule = typeof import('@/lib/supabase');

let loading: Promise<SupabaseModule> | undefined;
let markLoaded: (module: SupabaseModule) => void = () => {};
const loaded = new Promise<SupabaseModule>((resolve) => {
  markLoaded = resolve;
});

/** The client's module: one download whoever asks first (asked again after a failed download). */
export function loadSupabase(): Promise<SupabaseModule> {
  if (!loading) {
    const attempt = import('@/lib/supabase');
    loading = attempt;
    attempt.then(markLoaded, () => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/** The client's module once someone has loaded it; never starts the download itself. */
export function whenSupabaseLoaded(): Promise<SupabaseModule> {
  return loaded;
}
