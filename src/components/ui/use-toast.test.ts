import { describe, expect, it } from 'vitest';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_VIEWPORT_DURATION_MS,
  toastReducer,
  VISIBLE_TOAST_LIMIT,
  visibleToasts,
  type ToastState,
} from '@/components/ui/use-toast';

const add = (state: ToastState, id: string) => toastReducer(state, { type: 'ADD_TOAST', toast: { id, title: id, open: true } });

describe('toast store (spec §9, both readings)', () => {
  it('uses the spec numbers', () => {
    expect([TOAST_LIMIT, VISIBLE_TOAST_LIMIT, TOAST_DURATION_MS, TOAST_VIEWPORT_DURATION_MS, TOAST_REMOVE_DELAY_MS]).toEqual([
      5, 3, 4000, 5000, 5000,
    ]);
  });
  it('keeps the newest 5 in the store and shows the newest 3', () => {
    let state: ToastState = { toasts: [] };
    for (const id of ['1', '2', '3', '4', '5', '6', '7']) state = add(state, id);
    expect(state.toasts.map((t) => t.id)).toEqual(['7', '6', '5', '4', '3']);
    expect(visibleToasts(state).map((t) => t.id)).toEqual(['7', '6', '5']);
  });
  it('dismisses by closing, then removes', () => {
    let state = add(add({ toasts: [] }, 'a'), 'b');
    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(state.toasts.find((t) => t.id === 'a')?.open).toBe(false);
    expect(state.toasts.find((t) => t.id === 'b')?.open).toBe(true);
    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: 'a' });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
    state = toastReducer(state, { type: 'DISMISS_TOAST' });
    expect(state.toasts.every((t) => t.open === false)).toBe(true);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
  it('updates a toast in place', () => {
    const state = toastReducer(add({ toasts: [] }, 'a'), { type: 'UPDATE_TOAST', toast: { id: 'a', title: 'novo' } });
    expect(state.toasts[0]?.title).toBe('novo');
  });
});
