import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createReachabilityAwareFetch,
  getConnectionState,
  isNetworkError,
  lookupSignal,
  NETWORK_ERROR_MESSAGE,
  reportBrowserOnline,
  reportServerReached,
  resetConnectionState,
  setReachabilityProbe,
  subscribeConnection,
} from '@/lib/network';
import { databaseErrorMessage } from '@/lib/errors';

afterEach(() => {
  resetConnectionState();
  vi.useRealTimers();
});

describe('isNetworkError', () => {
  it.each([
    ['Chromium fetch', new TypeError('Failed to fetch')],
    ['Firefox fetch', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari fetch', new TypeError('Load failed')],
    ['Node fetch', new TypeError('fetch failed')],
    ['postgrest-js catch', { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n    at …', hint: '', code: '' }],
    ['postgrest-js timeout', { message: 'TimeoutError: signal timed out', details: '', hint: '', code: '' }],
    ['auth-js', Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 })],
    ['functions-js', Object.assign(new Error('Failed to send a request to the Edge Function'), { name: 'FunctionsFetchError' })],
    ['AbortSignal.timeout', new DOMException('signal timed out', 'TimeoutError')],
  ])('recognises %s', (_label, error) => {
    expect(isNetworkError(error)).toBe(true);
    expect(databaseErrorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it.each([
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a refusal', { message: 'Você não tem permissão para realizar esta operação.', code: '42501', details: null, hint: null }],
    ['the caller aborting', { message: 'AbortError: signal is aborted without reason', details: '', hint: '', code: '' }],
    ['nothing', null],
  ])('leaves %s alone', (_label, error) => {
    expect(isNetworkError(error)).toBe(false);
  });
});

describe('lookupSignal', () => {
  it('gives up after the timeout as a TimeoutError, which reads as a connection failure', async () => {
    const signal = lookupSignal(undefined, 20);
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    expect(isNetworkError(signal.reason)).toBe(true);
  });

  it('follows the caller when it aborts first (not a connection failure)', () => {
    const caller = new AbortController();
    const signal = lookupSignal(caller.signal, 10_000);
    caller.abort();
    expect(signal.aborted).toBe(true);
    expect(isNetworkError(signal.reason)).toBe(false);
  });
});

describe('connection state', () => {
  it('is offline while the browser says so, unreachable after a failed request, online after an answer', async () => {
    const states: string[] = [];
    const unsubscribe = subscribeConnection(() => states.push(getConnectionState()));
    const failing = createReachabilityAwareFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const answering = createReachabilityAwareFetch(() => Promise.resolve(new Response('{}', { status: 500 })));

    await expect(failing('http://api.test/rest/v1/x')).rejects.toThrow('Failed to fetch');
    expect(getConnectionState()).toBe('unreachable');
    await answering('http://api.test/rest/v1/x');
    expect(getConnectionState()).toBe('online');
    reportBrowserOnline(false);
    expect(getConnectionState()).toBe('offline');
    reportBrowserOnline(true);
    expect(getConnectionState()).toBe('online');
    expect(states).toEqual(['unreachable', 'online', 'offline', 'online']);
    unsubscribe();
  });

  it("does not count the caller's own abort as the server being unreachable", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborting = createReachabilityAwareFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(aborting('http://api.test/x', { signal: controller.signal })).rejects.toThrow();
    expect(getConnectionState()).toBe('online');
  });

  it('probes with backoff while unreachable and stops once the server answers', async () => {
    vi.useFakeTimers();
    let calls = 0;
    setReachabilityProbe(() => {
      calls += 1;
      if (calls === 3) reportServerReached(true);
      return calls === 3 ? Promise.resolve() : Promise.reject(new TypeError('Failed to fetch'));
    });
    reportServerReached(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(calls).toBe(3);
    expect(getConnectionState()).toBe('online');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
  });

  it('probes at once when the browser comes back online', async () => {
    let calls = 0;
    setReachabilityProbe(() => {
      calls += 1;
      reportServerReached(true);
      return Promise.resolve();
    });
    reportServerReached(false);
    reportBrowserOnline(false);
    reportBrowserOnline(true);
    expect(calls).toBe(1);
    expect(getConnectionState()).toBe('online');
  });
});
