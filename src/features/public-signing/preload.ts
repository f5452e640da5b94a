/**
 * The part of the signature page that lives in the entry chunk (src/main.tsx), which every page of the app loads, so
 * it is kept to the bare minimum: on /assinar/<token> the shipment is requested at once, while the page's code
 * downloads, instead of after it. Reading the answer (errors, shapes) is api.ts's job, in the page's own chunk.
 */
import { env } from '@/config/env';
import { isTokenShape, normalizeToken, tokenFromPath } from '@/features/public-signing/link';

export { isSigningPath } from '@/features/public-signing/link';

/** A PostgREST answer, not yet read: its status and body text. */
export interface RpcAnswer {
  status: number;
  text: string;
}

export const LOAD_TIMEOUT_MS = 15_000;

/**
 * POSTs a public RPC with the anon key (`apikey` header, JSON body of the arguments). Rejects when no answer arrives:
 * offline, or `timeoutMs` passed (the request is aborted).
 */
export async function postRpc(name: string, args: object, timeoutMs: number): Promise<RpcAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: env.VITE_SUPABASE_ANON_KEY, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(args),
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    return { status: response.status, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

let started: { token: string; answer: Promise<RpcAnswer>; settled?: RpcAnswer | 'failed' } | undefined;

/** Starts get_shipment_for_signature for the link in `pathname` (not for a malformed token: the server is not asked). */
export function startSigningLoad(pathname: string): void {
  const token = tokenFromPath(pathname);
  if (!isTokenShape(token)) return;
  const answer = postRpc('get_shipment_for_signature', { p_token: normalizeToken(token) }, LOAD_TIMEOUT_MS);
  const entry: NonNullable<typeof started> = { token, answer };
  // Remembered once in, so the page's first render can show the shipment at once (usually the answer arrives first).
  answer.then(
    (value) => (entry.settled = value),
    () => (entry.settled = 'failed'),
  );
  started = entry;
}

/** The entry's answer for `token` if it has already arrived ('failed' when there was none), else undefined. */
export function settledLoad(token: string): RpcAnswer | 'failed' | undefined {
  return started?.token === token ? started.settled : undefined;
}

/** The request the entry started for `token`, if any (kept, so a re-run effect reads the same answer). */
export function startedLoad(token: string): Promise<RpcAnswer> | undefined {
  return started?.token === token ? started.answer : undefined;
}

/** Forgets the entry's request (a retry asks again). */
export function forgetStartedLoad(): void {
  started = undefined;
}
