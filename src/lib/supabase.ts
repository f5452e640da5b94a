/**
 * The app's single Supabase client. Its fetch reports any 401 from the Data API (/rest/v1) or from
 * Edge Functions (/functions/v1) so the session logic can run the 'Sessão Expirada' flow (spec §4), any
 * 403 so it can ask Auth whether the account was disabled meanwhile, and whether each request reached the server at all (the offline banner, src/lib/network.ts).
 * The listeners live in src/lib/auth-storage.ts, which the sign-in page loads without this module.
 */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/types/database.types';
import { createUnauthorizedAwareFetch } from '@/lib/unauthorized-fetch';
import { createReachabilityAwareFetch, setReachabilityProbe } from '@/lib/network';
import { reportForbidden, reportUnauthorized } from '@/lib/auth-storage';

const reachabilityFetch = createReachabilityAwareFetch();

export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: {
    fetch: createUnauthorizedAwareFetch(
      env.VITE_SUPABASE_URL,
      reportUnauthorized,
      reachabilityFetch,
      reportForbidden,
    ),
  },
});

// Auth's own requests (sign-in, refresh) go through the same reporting fetch via global.fetch; the
// probe asks the auth health endpoint, which answers without a session.
setReachabilityProbe(() =>
  reachabilityFetch(`${env.VITE_SUPABASE_URL.replace(/\/$/, '')}/auth/v1/health`, { headers: { apikey: env.VITE_SUPABASE_ANON_KEY } }),
);
