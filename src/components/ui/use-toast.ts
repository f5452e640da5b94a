/**
 * Our own toast store (shadcn's Radix `use-toast` is deprecated upstream, so we own it).
 *
 * Spec §9 gives two readings of the limits, and both are kept:
 * - the store keeps at most TOAST_LIMIT = 5 toasts (newest first);
 * - the Toaster renders at most VISIBLE_TOAST_LIMIT = 3 of them at once.
 * deviation: shadcn ships TOAST_LIMIT = 1 and TOAST_REMOVE_DELAY = 1000000; the spec says 5 kept / 3 visible,
 * 4000 ms per toast and 5000 ms for the viewport default and for removal after dismissal.
 */
import * as React from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';

export const TOAST_LIMIT = 5;
export const VISIBLE_TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_VIEWPORT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 5000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure state transition; dismissal only flips `open`, removal (after the delay) drops the toast. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

/** The toasts the Toaster shows: the newest VISIBLE_TOAST_LIMIT of the store. */
export function visibleToasts(state: ToastState): ToasterToast[] {
  return state.toasts.slice(0, VISIBLE_TOAST_LIMIT);
}

const listeners = new Set<(state: ToastState) => void>();
let memoryState: ToastState = { toasts: [] };
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function dispatch(action: ToastAction) {
  memoryState = toastReducer(memoryState, action);
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    for (const id of ids) scheduleRemoval(id);
  }
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimeouts.set(toastId, timeout);
}

export type ToastInput = Omit<ToasterToast, 'id'>;

/** Shows a toast; returns handles to update or dismiss it. Callable outside React (e.g. from the session monitor). */
export function toast(props: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      duration: TOAST_DURATION_MS,
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return {
    id,
    dismiss,
    update: (next: Partial<ToasterToast>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

export function useToast() {
  const [state, setState] = React.useState<ToastState>(memoryState);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }) };
}
