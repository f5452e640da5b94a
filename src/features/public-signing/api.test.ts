import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchShipmentForSignature, signShipment } from '@/features/public-signing/api';
import { NetworkError, RpcError } from '@/features/public-signing/errors';
import { loadErrorMessage, publicErrorKind, signErrorMessage, signingMessages } from '@/features/public-signing/messages';

const TOKEN = 'ab'.repeat(32);

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public RPC calls', () => {
  it('POSTs the arguments to /rest/v1/rpc/<name> with the anon key and no credentials', async () => {
    const fetchMock = answer(200, { number: 42, items: [] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchShipmentForSignature(TOKEN.toUpperCase())).resolves.toMatchObject({ number: 42 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/rpc/get_shipment_for_signature');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ apikey: 'unit-test-anon-key', 'Content-Type': 'application/json' });
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(init.body as string)).toEqual({ p_token: TOKEN });
  });

  it("turns PostgREST's { code, message } into an RpcError", async () => {
    vi.stubGlobal('fetch', answer(400, { code: 'P0001', message: signingMessages.invalidLink, details: null, hint: null }));
    const error = await fetchShipmentForSignature(TOKEN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RpcError);
    expect(publicErrorKind(error)).toBe('invalid-link');
    expect(loadErrorMessage(error)).toBe(signingMessages.invalidLink);
  });

  it('treats a failed request and a non-PostgREST error page as a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await signShipment({ p_token: TOKEN, p_signer_name: 'Ana', p_signer_document: '52998224725', p_signature_png: 'x', p_lines: [] }).catch(
      (caught: unknown) => caught,
    );
    expect(offline).toBeInstanceOf(NetworkError);
    expect(signErrorMessage(offline)).toBe(signingMessages.signNetworkError);

    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    const gateway = await fetchShipmentForSignature(TOKEN, true).catch((caught: unknown) => caught);
    expect(gateway).toBeInstanceOf(NetworkError);
  });

  it('maps the rate limit and keeps the database’s own input refusals', () => {
    expect(signErrorMessage(new RpcError('54000', signingMessages.rateLimited))).toBe(signingMessages.rateLimited);
    expect(publicErrorKind(new RpcError('54000', signingMessages.rateLimited))).toBe('rate-limited');
    const sum = 'A soma das divergências do item Dipirona passa da quantidade enviada';
    expect(signErrorMessage(new RpcError('22023', sum))).toBe(sum);
    expect(signErrorMessage(new RpcError('42883', 'function does not exist'))).toBe('Ocorreu um erro inesperado. Por favor, tente novamente.');
  });

  it('returns the receipt of a signature', async () => {
    const receipt = { number: 42, signed_at: '2026-11-25T17:05:00Z', signer_name: 'Ana', signer_document_masked: '***.982.247-**', content_hash: 'f'.repeat(64), discrepancy_count: 0, already_signed: true };
    vi.stubGlobal('fetch', answer(200, receipt));
    await expect(signShipment({ p_token: TOKEN, p_signer_name: 'Ana', p_signer_document: '52998224725', p_signature_png: 'x', p_lines: [] })).resolves.toEqual(receipt);
  });
});
