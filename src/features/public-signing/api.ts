/**
 * The page's only data access: the two public RPCs, called with plain fetch and the anon key (no supabase-js: this
 * page must stay small and must not load the signed-in app). The request itself is preload.ts's postRpc (in the
 * entry chunk, which starts the shipment's request early); reading the answer is here.
 */
import { NetworkError, RpcError } from '@/features/public-signing/errors';
import { normalizeToken } from '@/features/public-signing/link';
import { forgetStartedLoad, LOAD_TIMEOUT_MS, postRpc, settledLoad, startedLoad, type RpcAnswer } from '@/features/public-signing/preload';
import type { SignatureReceipt, SignatureShipment, SignShipmentArgs } from '@/features/public-signing/types';

/** Longer: the signature image is uploaded from a phone, possibly on a weak connection. */
const SIGN_TIMEOUT_MS = 30_000;

/** The RPC's result, or RpcError for PostgREST's { code, message }, or NetworkError when there was no usable answer. */
async function readAnswer<T>(pending: Promise<RpcAnswer>): Promise<T> {
  let answer: RpcAnswer;
  try {
    answer = await pending;
  } catch {
    throw new NetworkError();
  }
  return parseAnswer<T>(answer);
}

function parseAnswer<T>(answer: RpcAnswer): T {
  let body: unknown = null;
  try {
    body = answer.text === '' ? null : JSON.parse(answer.text);
  } catch {
    body = null;
  }
  if (answer.status >= 200 && answer.status < 300) return body as T;
  if (body && typeof body === 'object') {
    const { code, message, details } = body as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string') throw new RpcError(code, message, typeof details === 'string' ? details : null);
  }
  // Not PostgREST's answer (a gateway's 502, an HTML error page): as good as no answer.
  throw new NetworkError(`HTTP ${answer.status}`);
}

function checkShipment(shipment: SignatureShipment | null): SignatureShipment {
  if (!shipment || !Array.isArray(shipment.items)) throw new NetworkError('Unexpected answer');
  return shipment;
}

/**
 * What the entry's early request already answered for `token`, read synchronously for the page's first render:
 * `{ shipment }` or `{ error }`, or undefined while that answer is still on its way (or there was no such request).
 */
export function peekShipmentForSignature(token: string): { shipment: SignatureShipment } | { error: unknown } | undefined {
  const settled = settledLoad(token);
  if (settled === undefined) return undefined;
  try {
    if (settled === 'failed') throw new NetworkError();
    return { shipment: checkShipment(parseAnswer<SignatureShipment | null>(settled)) };
  } catch (error) {
    return { error };
  }
}

/**
 * The shipment behind a link (RpcError P0001 for any invalid link, 54000 when rate-limited). The first call reads the
 * request the entry started; `fresh` (a retry) asks again.
 */
export async function fetchShipmentForSignature(token: string, fresh = false): Promise<SignatureShipment> {
  if (fresh) forgetStartedLoad();
  const pending = startedLoad(token) ?? postRpc('get_shipment_for_signature', { p_token: normalizeToken(token) }, LOAD_TIMEOUT_MS);
  return checkShipment(await readAnswer<SignatureShipment | null>(pending));
}

/** Signs the shipment; a retry after a lost answer returns the same receipt with already_signed. */
export async function signShipment(args: SignShipmentArgs): Promise<SignatureReceipt> {
  const receipt = await readAnswer<SignatureReceipt | null>(postRpc('sign_shipment', args, SIGN_TIMEOUT_MS));
  if (!receipt || typeof receipt.signed_at !== 'string') throw new NetworkError('Unexpected answer');
  return receipt;
}
