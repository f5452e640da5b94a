import { describe, expect, it, vi } from 'vitest';
import { createUnauthorizedAwareFetch } from '@/lib/unauthorized-fetch';

const base = 'http://127.0.0.1:54321';

function fetchAnswering(status: number): typeof fetch {
  return async () => new Response(null, { status });
}

describe('401 detection', () => {
  it.each([
    [`${base}/rest/v1/profiles?select=*`, 401, true],
    [`${base}/functions/v1/ai-chat`, 401, true],
    [`${base}/auth/v1/token?grant_type=password`, 401, false],
    [`${base}/rest/v1/profiles`, 403, false],
    [`${base}/rest/v1/profiles`, 200, false],
  ])('%s answering %i notifies: %s', async (url, status, notified) => {
    const notify = vi.fn();
    const wrapped = createUnauthorizedAwareFetch(base, notify, fetchAnswering(status));
    const response = await wrapped(url);
    expect(response.status).toBe(status);
    expect(notify).toHaveBeenCalledTimes(notified ? 1 : 0);
  });
  it.each([
    [`${base}/rest/v1/rpc/admin_list_users`, 403, true],
    [`${base}/functions/v1/admin-users`, 403, true],
    [`${base}/auth/v1/user`, 403, false],
    [`${base}/rest/v1/profiles`, 401, false],
  ])('%s answering %i reports a refusal: %s', async (url, status, reported) => {
    const notify = vi.fn();
    const notifyForbidden = vi.fn();
    const wrapped = createUnauthorizedAwareFetch(base, notify, fetchAnswering(status), notifyForbidden);
    await wrapped(url);
    expect(notifyForbidden).toHaveBeenCalledTimes(reported ? 1 : 0);
  });
  it('reports the bearer token the 401 refused, from the init headers or the Request', async () => {
    const notify = vi.fn();
    const wrapped = createUnauthorizedAwareFetch(base, notify, fetchAnswering(401));
    await wrapped(`${base}/rest/v1/x`, { headers: { Authorization: 'Bearer token-a', apikey: 'anon' } });
    await wrapped(`${base}/rest/v1/x`, { headers: new Headers({ authorization: 'Bearer token-b' }) });
    await wrapped(new Request(`${base}/rest/v1/x`, { headers: { Authorization: 'Bearer token-c' } }));
    await wrapped(`${base}/rest/v1/x`);
    expect(notify.mock.calls).toEqual([
      [`${base}/rest/v1/x`, 'token-a'],
      [`${base}/rest/v1/x`, 'token-b'],
      [`${base}/rest/v1/x`, 'token-c'],
      [`${base}/rest/v1/x`, null],
    ]);
  });
  it('accepts Request and URL inputs', async () => {
    const notify = vi.fn();
    const wrapped = createUnauthorizedAwareFetch(`${base}/`, notify, fetchAnswering(401));
    await wrapped(new Request(`${base}/rest/v1/x`));
    await wrapped(new URL(`${base}/functions/v1/y`));
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
