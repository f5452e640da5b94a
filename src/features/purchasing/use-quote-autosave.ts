/**
 * The quote editor's autosave (issue 22, item 1): every value the representative types is either in the database
 * or visibly pending. Each item saves after a typing pause; saves of one item run one after the other, in typing
 * order; a save the connection lost stays pending and is retried with backoff (and at once when the browser says
 * the connection is back); a save the database refuses puts back what the database holds. Sending waits for
 * `flush`, which answers false while anything is still unsaved.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * - `saved`: the database holds what the cell shows;
 * - `waiting`: typed, saved after the typing pause;
 * - `saving`: a request is under way;
 * - `retrying`: the connection failed; retried at `retryAt` (or when the connection returns);
 * - `refused`: the database refused; the cell shows what it holds, and `error` says why;
 * - `invalid`: the typed value is not valid (not saved until corrected).
 */
export type CellSaveStatus = 'saved' | 'waiting' | 'saving' | 'retrying' | 'refused' | 'invalid';

export interface CellSaveState {
  status: CellSaveStatus;
  /** Consecutive failed attempts of the value being saved. */
  attempts: number;
  /** The reason of the last failure (connection or refusal), null after a save. */
  error: string | null;
  /** When the next retry runs (ms since epoch), while `retrying`. */
  retryAt: number | null;
}

export type AutosaveOutcome<V> = { ok: true; stored: V } | { ok: false; network: true; message: string } | { ok: false; network: false; message: string; stored: V | null };

export interface AutosaveOptions<V> {
  save: (id: string, values: V) => Promise<AutosaveOutcome<V>>;
  /** The database's answer for an item (a save, or what it holds after a refusal; null when the item is gone). */
  onStored?: (id: string, stored: V | null) => void;
  /** A save the database refused: the screen should show `stored` instead of what was typed. */
  onRefused?: (id: string, stored: V | null, message: string) => void;
  /** The first connection failure of an item's value (later retries of the same value are silent). */
  onNetworkFailure?: (id: string, message: string) => void;
  debounceMs?: number;
  /** Delays before the 1st, 2nd... retry; the last one repeats. */
  backoffMs?: readonly number[];
}

export const AUTOSAVE_DEBOUNCE_MS = 700;
export const AUTOSAVE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

interface Entry<V> {
  values: V | null;
  state: CellSaveState;
  debounce: ReturnType<typeof setTimeout> | null;
  retry: ReturnType<typeof setTimeout> | null;
  inFlight: Promise<void> | null;
  /** A newer value was asked to save while a request was under way. */
  again: boolean;
}

/** A cell with nothing waiting: what an item never touched shows. */
export const SAVED: CellSaveState = { status: 'saved', attempts: 0, error: null, retryAt: null };
const PENDING: ReadonlySet<CellSaveStatus> = new Set(['waiting', 'saving', 'retrying']);

/** The state machine itself, free of React (unit-tested with fake timers). */
export class QuoteAutosave<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly listeners = new Set<() => void>();
  private snapshot: Readonly<Record<string, CellSaveState>> = {};
  private disposed = false;
  private readonly debounceMs: number;
  private readonly backoffMs: readonly number[];

  constructor(private options: AutosaveOptions<V>) {
    this.debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
    this.backoffMs = options.backoffMs ?? AUTOSAVE_BACKOFF_MS;
  }

  /** The latest callbacks (a re-rendered editor's); the timings stay those it was created with. */
  setCallbacks(options: AutosaveOptions<V>): void {
    this.options = options;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Readonly<Record<string, CellSaveState>> => this.snapshot;

  /** The state of one item (`saved` when never touched). */
  stateOf(id: string): CellSaveState {
    return this.snapshot[id] ?? SAVED;
  }

  /** Items typed but not yet in the database (waiting, saving or retrying). */
  pendingIds(): string[] {
    return Object.entries(this.snapshot)
      .filter(([, state]) => PENDING.has(state.status))
      .map(([id]) => id);
  }

  invalidIds(): string[] {
    return Object.entries(this.snapshot)
      .filter(([, state]) => state.status === 'invalid')
      .map(([id]) => id);
  }

  /** A new value typed for an item: saved after the typing pause. `null`: the value is invalid, nothing is saved. */
  edit(id: string, values: V | null): void {
    if (this.disposed) return;
    const entry = this.entry(id);
    this.clearTimers(entry);
    entry.values = values;
    if (values === null) {
      entry.again = false;
      this.set(id, { status: 'invalid', attempts: 0, error: null, retryAt: null });
      return;
    }
    // A failing item keeps its failure count and reason visible while the newer value waits.
    this.set(id, { ...entry.state, status: entry.inFlight ? 'saving' : 'waiting', retryAt: null });
    entry.debounce = setTimeout(() => {
      entry.debounce = null;
      this.start(id);
    }, this.debounceMs);
  }

  /** Retries every failed save now (the browser says the connection is back). */
  retryNow(): void {
    for (const [id, entry] of this.entries) if (entry.state.status === 'retrying') this.start(id);
  }

  /**
   * Saves everything still waiting or retrying now and waits for every request. Resolves true when nothing typed
   * is left unsaved (no item waiting, saving, retrying or invalid).
   */
  async flush(): Promise<boolean> {
    for (const [id, entry] of this.entries) if (entry.state.status === 'waiting' || entry.state.status === 'retrying') this.start(id);
    for (;;) {
      const running = [...this.entries.values()].map((entry) => entry.inFlight).filter((p): p is Promise<void> => p !== null);
      if (running.length === 0) break;
      await Promise.all(running);
    }
    return this.pendingIds().length === 0 && this.invalidIds().length === 0;
  }

  /** The editor is leaving: no timer keeps running; values still waiting are sent once (no retries after this). */
  dispose(): void {
    const waiting = [...this.entries].filter(([, entry]) => entry.debounce !== null).map(([id]) => id);
    this.disposed = true;
    for (const entry of this.entries.values()) this.clearTimers(entry);
    for (const id of waiting) this.start(id, true);
  }

  /** Mounted again (React's development double mount): failed saves are retried again. */
  revive(): void {
    if (!this.disposed) return;
    this.disposed = false;
    this.retryNow();
  }

  private entry(id: string): Entry<V> {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { values: null, state: SAVED, debounce: null, retry: null, inFlight: null, again: false };
      this.entries.set(id, entry);
    }
    return entry;
  }

  private clearTimers(entry: Entry<V>): void {
    if (entry.debounce) clearTimeout(entry.debounce);
    if (entry.retry) clearTimeout(entry.retry);
    entry.debounce = null;
    entry.retry = null;
  }

  private set(id: string, state: CellSaveState): void {
    const entry = this.entry(id);
    entry.state = state;
    this.snapshot = { ...this.snapshot, [id]: state };
    for (const listener of this.listeners) listener();
  }

  private start(id: string, force = false): void {
    const entry = this.entry(id);
    if (this.disposed && !force) return;
    this.clearTimers(entry);
    if (entry.values === null) return;
    if (entry.inFlight) {
      entry.again = true;
      return;
    }
    const values = entry.values;
    this.set(id, { ...entry.state, status: 'saving', retryAt: null });
    entry.inFlight = this.run(id, entry, values);
  }

  private async run(id: string, entry: Entry<V>, values: V): Promise<void> {
    let outcome: AutosaveOutcome<V>;
    try {
      outcome = await this.options.save(id, values);
    } catch (error) {
      outcome = { ok: false, network: true, message: error instanceof Error ? error.message : String(error) };
    }
    entry.inFlight = null;
    const newer = entry.values !== values;
    if (outcome.ok) {
      this.options.onStored?.(id, outcome.stored);
      if (entry.again) {
        entry.again = false;
        this.set(id, { ...SAVED, status: 'waiting' });
        this.start(id, this.disposed);
      } else if (newer) {
        // A newer value waits for its typing pause (or is invalid): keep that status.
        this.set(id, { ...entry.state, attempts: 0, error: null, retryAt: null });
      } else {
        this.set(id, SAVED);
      }
      return;
    }
    if (outcome.network) {
      const attempts = entry.state.attempts + 1;
      if (attempts === 1) this.options.onNetworkFailure?.(id, outcome.message);
      if (entry.again) {
        entry.again = false;
        this.set(id, { status: 'waiting', attempts, error: outcome.message, retryAt: null });
        this.start(id, this.disposed);
        return;
      }
      if (entry.debounce !== null || entry.values === null) {
        // A newer value is waiting for its pause (it will be the next attempt), or is invalid.
        this.set(id, { ...entry.state, attempts, error: outcome.message });
        return;
      }
      const delay = this.backoffMs[Math.min(attempts - 1, this.backoffMs.length - 1)] ?? 30_000;
      this.set(id, { status: 'retrying', attempts, error: outcome.message, retryAt: Date.now() + delay });
      if (!this.disposed)
        entry.retry = setTimeout(() => {
          entry.retry = null;
          this.start(id);
        }, delay);
      return;
    }
    // Refused by the database: what was typed (including anything typed since) gives way to what it holds.
    this.clearTimers(entry);
    entry.again = false;
    entry.values = outcome.stored;
    this.options.onStored?.(id, outcome.stored);
    this.options.onRefused?.(id, outcome.stored, outcome.message);
    this.set(id, { status: 'refused', attempts: 0, error: outcome.message, retryAt: null });
  }
}

/**
 * One autosave per mounted editor: its cells' states (re-rendering on change), retry at once on the window's
 * 'online' event, and no timer left behind on unmount.
 */
export function useQuoteAutosave<V>(options: AutosaveOptions<V>): { autosave: QuoteAutosave<V>; states: Readonly<Record<string, CellSaveState>> } {
  // One machine per editor; it always calls the latest render's callbacks.
  const [autosave] = useState(() => new QuoteAutosave<V>(options));
  useEffect(() => {
    autosave.setCallbacks(options);
  });
  const states = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot);
  useEffect(() => {
    const online = () => autosave.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [autosave]);
  useEffect(() => {
    autosave.revive();
    return () => autosave.dispose();
  }, [autosave]);
  return { autosave, states };
}
