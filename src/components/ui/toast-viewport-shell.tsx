/**
 * The toast viewport before Radix Toast's code has arrived.
 *
 * Radix Toast (with its dismissable-layer, collection and presence machinery, ~11 KB gzipped) does not fit
 * the login page's 150 KB target, so the real toaster is loaded on the first toast (or when the signed-in
 * frame opens). Until then this shell stands in for Radix's empty viewport with the same markup — a
 * region labelled 'Notificações (F8)' around an empty, focusable list — and the same F8 hotkey, so the
 * landmark and the hotkey exist from the first render. When the real viewport replaces it while focused,
 * focus is handed over.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  handOffViewportFocus,
  takeViewportFocusHandOff,
  TOAST_VIEWPORT_CLASS,
  TOAST_VIEWPORT_HOTKEY,
  TOAST_VIEWPORT_HOTKEY_LABEL,
  TOAST_VIEWPORT_LABEL,
} from '@/components/ui/toast-viewport';

export function ToastViewportShell() {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The same test Radix's viewport applies.
      const pressed = TOAST_VIEWPORT_HOTKEY.every((key) => event.code === key || (event as unknown as Record<string, unknown>)[key] === true);
      if (pressed) listRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A layout-effect cleanup runs before the list leaves the document, so the focus can still be seen.
  useLayoutEffect(() => {
    const list = listRef.current;
    return () => {
      if (list && document.activeElement === list) handOffViewportFocus();
    };
  }, []);

  useLayoutEffect(() => {
    if (takeViewportFocusHandOff()) listRef.current?.focus();
  }, []);

  return (
    <div role="region" aria-label={TOAST_VIEWPORT_LABEL.replace('{hotkey}', TOAST_VIEWPORT_HOTKEY_LABEL)} tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol ref={listRef} tabIndex={-1} className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}
