import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '@/features/auth/messages';
import { createTimedSignIn, withTimeout } from '@/features/auth/api/sign-in';
import { LOGIN_TIMEOUT_MS } from '@/features/auth/session-timing';

/** A sign-in request the test settles by hand: ok → a session, otherwise the wrong-password answer. */
function deferredAttempt() {
  let settle: (ok: boolean) => void = () => undefined;
  const promise = new Promise<{ session: string | null }>((resolve) => {
    settle = (ok) => resolve({ session: ok ? 'session' : null });
  });
  return { promise, settle };
}

describe('login time-out (15 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const discard = vi.fn(async () => undefined);
    const signIn = createTimedSignIn<{ session: string | null }>({
      timeoutMs: LOGIN_TIMEOUT_MS,
      signedIn: (result) => result.session !== null,
      discard,
    });
    return { discard, signIn };
  }

  it('rejects with TimeoutError after 15 s and not before', async () => {
    const { signIn } = setup();
    const request = deferredAttempt();
    const result = signIn(() => request.promise);
    const outcome = result.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1);
    request.settle(true);
    await expect(outcome).resolves.toBe('resolved');

    const slow = deferredAttempt();
    const late = signIn(() => slow.promise).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS);
    await expect(late).resolves.toBeInstanceOf(TimeoutError);
  });

  it('signs out the session of an attempt that succeeds after its time-out', async () => {
    const { signIn, discard } = setup();
    const request = deferredAttempt();
    const result = signIn(() => request.promise).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS);
    await expect(result).resolves.toBeInstanceOf(TimeoutError);
    expect(discard).not.toHaveBeenCalled();
    request.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(discard).toHaveBeenCalledTimes(1);
  });

  it('leaves alone an attempt that succeeds in time, or fails after its time-out', async () => {
    const { signIn, discard } = setup();
    const quick = deferredAttempt();
    const ok = signIn(() => quick.promise);
    quick.settle(true);
    await expect(ok).resolves.toEqual({ session: 'session' });

    const slow = deferredAttempt();
    const late = signIn(() => slow.promise).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS);
    await late;
    slow.settle(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(discard).not.toHaveBeenCalled();
  });

  it('keeps the late session when a newer attempt signed in', async () => {
    const { signIn, discard } = setup();
    const first = deferredAttempt();
    const firstResult = signIn(() => first.promise).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS);
    await firstResult;
    const second = deferredAttempt();
    const secondResult = signIn(() => second.promise);
    first.settle(true);
    second.settle(true);
    await expect(secondResult).resolves.toEqual({ session: 'session' });
    await vi.advanceTimersByTimeAsync(0);
    expect(discard).not.toHaveBeenCalled();
  });

  it('signs out the late session when the newer attempt fails (wrong password)', async () => {
    const { signIn, discard } = setup();
    const first = deferredAttempt();
    const firstResult = signIn(() => first.promise).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS);
    await firstResult;
    const second = deferredAttempt();
    const secondResult = signIn(() => second.promise);
    first.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(discard).not.toHaveBeenCalled();
    second.settle(false);
    await expect(secondResult).resolves.toEqual({ session: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(discard).toHaveBeenCalledTimes(1);
  });

  it('withTimeout passes errors through and runs onTimeout only on a time-out', async () => {
    const onTimeout = vi.fn();
    await expect(withTimeout(Promise.reject(new Error('Invalid login credentials')), 1000, onTimeout)).rejects.toThrow('Invalid login credentials');
    const never = withTimeout(new Promise(() => undefined), 1000, onTimeout).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(never).resolves.toBeInstanceOf(TimeoutError);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
