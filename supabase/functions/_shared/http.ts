/**
 * What every edge function of this project answers with: the CORS headers the browser's preflight needs, JSON
 * answers, a refusal with its HTTP status and Portuguese message, and the environment's required variables. Imported
 * by relative path (`../_shared/http.ts`), which `supabase functions deploy` bundles and the local backend serves.
 */

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A request the function refuses: the HTTP status, a code for the client and the Portuguese message. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' } });
}

/** A variable the function cannot run without (hosted Supabase sets SUPABASE_URL and the keys). */
export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
