import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteAutosave, type AutosaveOutcome } from '@/features/purchasing/use-quote-autosave';

type Values = { price: number };
const NETWORK = 'Sem conexão com o servidor. Verifique a internet e tente novamente.';

/** A save function whose answers the test decides, one request at a time. */
function server() {
  const calls: { id: string; values: Values; resolve: (outcome: AutosaveOutcome<Values>) => void }[] = [];
  const save = vi.fn(
    (id: string, values: Values) =>
      new Promise<AutosaveOutcome<Values>>((resolve) => {
        calls.push({ id, values, resolve });
      }),
  );
  return {
    save,
    calls,
    /** Answers the oldest request still open. */
    answer(outcome: 'ok' | 'network' | { refused: string; stored: Values | null }) {
      const call = calls.shift();
      if (!call) throw new Error('no request open');
      if (outcome === 'ok') call.resolve({ ok: true, stored: call.values });
      else if (outcome === 'network') call.resolve({ ok: false, network: true, message: NETWORK });
      else call.resolve({ ok: false, network: false, message: outcome.refused, stored: outcome.stored });
      return call;
    },
  };
}

function machine(srv: ReturnType<typeof server>) {
  const stored: [string, Values | null][] = [];
  const refused: [string, Values | null, string][] = [];
  const networkFailures: string[] = [];
  const autosave = new QuoteAutosave<Values>({
    save: srv.save,
    onStored: (id, values) => stored.push([id, values]),
    onRefused: (id, values, message) => refused.push([id, values, message]),
    onNetworkFailure: (id) => networkFailures.push(id),
    debounceMs: 700,
    backoffMs: [1_000, 2_000, 4_000],
  });
  return { autosave, stored, refused, networkFailures };
}

/** Lets pending promise callbacks run (fake timers do not run microtasks by themselves). */
async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('QuoteAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the last value typed once typing pauses, and reports the database answer', async () => {
    const srv = server();
    const { autosave, stored } = machine(srv);
    autosave.edit('a', { price: 1 });
    autosave.edit('a', { price: 12.5 });
    expect(autosave.stateOf('a').status).toBe('waiting');
    await settle(699);
    expect(srv.save).not.toHaveBeenCalled();
    await settle(1);
    expect(srv.save).toHaveBeenCalledTimes(1);
    expect(srv.save).toHaveBeenCalledWith('a', { price: 12.5 });
    expect(autosave.stateOf('a').status).toBe('saving');
    srv.answer('ok');
    await settle();
    expect(autosave.stateOf('a')).toEqual({ status: 'saved', attempts: 0, error: null, retryAt: null });
    expect(stored).toEqual([['a', { price: 12.5 }]]);
    expect(autosave.pendingIds()).toEqual([]);
  });

  it('runs the saves of one item one after the other, the newer value last', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 1 });
    await settle(700);
    autosave.edit('a', { price: 2 });
    await settle(700);
    // The second value waits for the first request: never two requests of one item at once.
    expect(srv.save).toHaveBeenCalledTimes(1);
    expect(autosave.stateOf('a').status).toBe('saving');
    srv.answer('ok');
    await settle();
    expect(srv.save).toHaveBeenCalledTimes(2);
    expect(srv.save).toHaveBeenLastCalledWith('a', { price: 2 });
    expect(autosave.stateOf('a').status).toBe('saving');
    srv.answer('ok');
    await settle();
    expect(autosave.stateOf('a').status).toBe('saved');
  });

  it('keeps a save the connection lost pending and retries it with growing delays until it goes through', async () => {
    const srv = server();
    const { autosave, networkFailures } = machine(srv);
    autosave.edit('a', { price: 3.1 });
    await settle(700);
    srv.answer('network');
    await settle();
    expect(autosave.stateOf('a')).toMatchObject({ status: 'retrying', attempts: 1, error: NETWORK });
    expect(autosave.pendingIds()).toEqual(['a']);
    await settle(999);
    expect(srv.save).toHaveBeenCalledTimes(1);
    await settle(1);
    expect(srv.save).toHaveBeenCalledTimes(2);
    srv.answer('network');
    await settle();
    expect(autosave.stateOf('a')).toMatchObject({ status: 'retrying', attempts: 2 });
    await settle(1_999);
    expect(srv.save).toHaveBeenCalledTimes(2);
    await settle(1);
    expect(srv.save).toHaveBeenCalledTimes(3);
    srv.answer('network');
    await settle();
    // The last delay repeats.
    await settle(4_000);
    expect(srv.save).toHaveBeenCalledTimes(4);
    srv.answer('network');
    await settle(4_000);
    expect(srv.save).toHaveBeenCalledTimes(5);
    srv.answer('ok');
    await settle();
    expect(autosave.stateOf('a')).toEqual({ status: 'saved', attempts: 0, error: null, retryAt: null });
    // One notification for the outage, not one per retry.
    expect(networkFailures).toEqual(['a']);
    expect(srv.save.mock.calls.every(([, values]) => values.price === 3.1)).toBe(true);
  });

  it('retries at once when the connection returns', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 3.1 });
    autosave.edit('b', { price: 4 });
    await settle(700);
    srv.answer('network');
    srv.answer('network');
    await settle();
    expect(autosave.pendingIds().sort()).toEqual(['a', 'b']);
    autosave.retryNow();
    expect(srv.save).toHaveBeenCalledTimes(4);
    srv.answer('ok');
    srv.answer('ok');
    await settle();
    expect(autosave.pendingIds()).toEqual([]);
    // The backoff timers were cancelled: nothing is sent again later.
    await settle(10_000);
    expect(srv.save).toHaveBeenCalledTimes(4);
  });

  it('a value typed while a retry is pending is the one saved next', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 1 });
    await settle(700);
    srv.answer('network');
    await settle();
    autosave.edit('a', { price: 2 });
    // Still marked as failing while the new value waits for its pause.
    expect(autosave.stateOf('a')).toMatchObject({ status: 'waiting', attempts: 1, error: NETWORK });
    await settle(700);
    expect(srv.save).toHaveBeenCalledTimes(2);
    expect(srv.save).toHaveBeenLastCalledWith('a', { price: 2 });
    srv.answer('ok');
    await settle(10_000);
    expect(srv.save).toHaveBeenCalledTimes(2);
    expect(autosave.stateOf('a').status).toBe('saved');
  });

  it('a refusal gives way to what the database holds and is not retried', async () => {
    const srv = server();
    const { autosave, refused, stored } = machine(srv);
    autosave.edit('a', { price: 7 });
    await settle(700);
    srv.answer({ refused: 'Esta cotação já foi enviada ao comprador e não pode mais ser alterada.', stored: { price: 5 } });
    await settle(60_000);
    expect(srv.save).toHaveBeenCalledTimes(1);
    expect(autosave.stateOf('a')).toMatchObject({ status: 'refused', error: 'Esta cotação já foi enviada ao comprador e não pode mais ser alterada.' });
    expect(refused).toEqual([['a', { price: 5 }, 'Esta cotação já foi enviada ao comprador e não pode mais ser alterada.']]);
    expect(stored).toEqual([['a', { price: 5 }]]);
    // Settled: nothing typed is pending any more (the screen shows the stored value).
    expect(autosave.pendingIds()).toEqual([]);
  });

  it('flush sends what waits for its pause, waits for every request and answers whether everything is saved', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 1 });
    autosave.edit('b', { price: 2 });
    const flushed = autosave.flush();
    expect(srv.save).toHaveBeenCalledTimes(2);
    srv.answer('ok');
    srv.answer('network');
    await expect(flushed).resolves.toBe(false);
    expect(autosave.pendingIds()).toEqual(['b']);
    // The next flush sends the failed one again at once, without waiting for its backoff.
    const second = autosave.flush();
    expect(srv.save).toHaveBeenCalledTimes(3);
    srv.answer('ok');
    await expect(second).resolves.toBe(true);
  });

  it('flush answers false while a value is invalid, and an invalid value is never sent', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 1 });
    autosave.edit('a', null);
    await settle(5_000);
    expect(srv.save).not.toHaveBeenCalled();
    expect(autosave.stateOf('a').status).toBe('invalid');
    await expect(autosave.flush()).resolves.toBe(false);
  });

  it('on dispose, sends once what was waiting and schedules no retry', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    autosave.edit('a', { price: 1 });
    autosave.dispose();
    expect(srv.save).toHaveBeenCalledTimes(1);
    srv.answer('network');
    await settle(60_000);
    expect(srv.save).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers with a new snapshot on each change', async () => {
    const srv = server();
    const { autosave } = machine(srv);
    const seen: string[] = [];
    autosave.subscribe(() => seen.push(autosave.getSnapshot().a?.status ?? 'none'));
    const before = autosave.getSnapshot();
    autosave.edit('a', { price: 1 });
    expect(autosave.getSnapshot()).not.toBe(before);
    await settle(700);
    srv.answer('ok');
    await settle();
    expect(seen).toEqual(['waiting', 'saving', 'saved']);
  });
});
