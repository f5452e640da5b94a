/**
 * PostgREST v14 error bodies ({code, message, details, hint}) and the SQLSTATE → HTTP
 * status table of `Error.hs` (`pgErrorStatus`).
 */

export type ErrorDetails = string | null | Record<string, unknown>[];

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails,
    readonly hint: string | null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; message: string; details: ErrorDetails; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** The subset of node-postgres' DatabaseError we read. */
export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike & Error {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}

export function pgErrorStatus(code: string, message: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '53400') return 500;
  if (code.startsWith('53') || code === '57P01') return 503;
  if (/^PT\d\d\d$/.test(code)) return Number(code.slice(2));
  const cls = code.slice(0, 2);
  if (cls === '08') return 503;
  if (cls === '09') return 500;
  if (cls === '0L' || cls === '0P') return 403;
  if (cls === '28') return 403;
  // deviation: PostgREST answers class 54 (program limit exceeded) with 500, but here it is
  // raised by oversized request input (a word too long for a tsvector filter value, a
  // filter tree too deep to plan): the client's request is at fault, so 400.
  if (cls === '54') return 400;
  if (['25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

export function fromPgError(error: PgErrorLike, role: string): RestError {
  const code = error.code ?? 'XX000';
  if (code === 'PGRST') {
    try {
      const body = JSON.parse(error.message) as { code?: string; message?: string; details?: string; hint?: string };
      const meta = JSON.parse(error.detail ?? '{}') as { status?: number; headers?: Record<string, string> };
      return new RestError(
        meta.status ?? 500,
        body.code ?? 'PGRST',
        body.message ?? '',
        body.details ?? null,
        body.hint ?? null,
        meta.headers ?? {},
      );
    } catch {
      return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', null, null);
    }
  }
  const status = pgErrorStatus(code, error.message, role);
  const headers: Record<string, string> = {};
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null, headers);
}

/** Levenshtein distance, for the "Perhaps you meant" hints. */
export function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min((prev[j] as number) + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length] as number;
}

/** The closest candidate within a small edit distance, or undefined. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}
