/** The errors of the page's plain-fetch RPC calls (kept apart from api.ts so the messages can tell them apart). */

/** A refusal answered by PostgREST ({ code, message } — the database's errcode and its Portuguese text). */
export class RpcError extends Error {
  readonly code: string;
  readonly details: string | null;

  constructor(code: string, message: string, details: string | null = null) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.details = details;
  }
}

/** No usable answer: offline, timed out, or a gateway failure. The request may or may not have reached the server. */
export class NetworkError extends Error {
  constructor(message = 'Network request failed') {
    super(message);
    this.name = 'NetworkError';
  }
}
