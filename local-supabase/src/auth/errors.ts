/**
 * GoTrue's two error shapes. With `X-Supabase-Api-Version >= 2024-01-01` on the request the
 * body is `{"code","message"}` and the response echoes that header; otherwise it is the legacy
 * `{"code":<status>,"error_code","msg"}`. Both carry the `x-sb-error-code` header.
 * OAuth-style errors (`{"error","error_description"}`) keep their shape in both modes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** True when the request asks for the 2024-01-01 (or later) error format. */
export function wantsNewErrorFormat(req: IncomingMessage): boolean {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return false;
  const date = Date.parse(`${value.trim()}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: AuthError | OAuthError): void {
  if (error instanceof OAuthError) {
    const body = JSON.stringify({ error: error.error, error_description: error.description });
    res.writeHead(error.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'x-sb-error-code': error.code,
    ...error.headers,
  };
  let payload: Record<string, unknown>;
  if (wantsNewErrorFormat(req)) {
    headers['X-Supabase-Api-Version'] = API_VERSION_2024;
    payload = { code: error.code, message: error.message, ...error.extra };
  } else {
    payload = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  }
  const body = JSON.stringify(payload);
  headers['Content-Length'] = Buffer.byteLength(body);
  res.writeHead(error.status, headers);
  res.end(body);
}

// Constructors for the errors used in several places (codes and messages as GoTrue).
export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFoundFromJwt: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFoundFromJwt: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  weakPassword: (message: string, reasons: string[]) => new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimited: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  emailTooFrequent: (seconds: number) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  unexpected: (message: string) => new AuthError(500, 'unexpected_failure', message),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
};
