/**
 * What the toast viewport shell and the Radix viewport (toast.tsx) share: hotkey, label, classes, and the
 * hand-over of focus from the shell to the real viewport.
 */

/** Spec §9: the focus hotkey is F8 (Radix's default, set explicitly). */
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
export const TOAST_VIEWPORT_LABEL = 'Notificações ({hotkey})';
/**
 * Top centre, just below the app's 3.5 rem header, on every screen: full width on phones, as wide as a toast of
 * spec §9's 356 px plus the viewport's 1 rem padding on each side from `sm` up. Primary buttons sit at the
 * bottom of forms and dialogs and at the right end of page headers; the bottom-right corner used before
 * covered 'Lançar boleto' during quick entry, and the top of a phone covered the header.
 */
export const TOAST_VIEWPORT_CLASS =
  'fixed top-14 left-1/2 z-[100] flex max-h-[calc(100vh-3.5rem)] w-full -translate-x-1/2 flex-col-reverse p-4 sm:max-w-[calc(356px+2rem)]';

export const TOAST_VIEWPORT_HOTKEY_LABEL = TOAST_VIEWPORT_HOTKEY.join('+').replace(/Key/g, '').replace(/Digit/g, '');

let focusHandOff = false;

/** Called by the shell when it leaves the document while focused. */
export function handOffViewportFocus(): void {
  focusHandOff = true;
}

/** True once if the shell was focused when it went away; the real viewport then takes the focus. */
export function takeViewportFocusHandOff(): boolean {
  const pending = focusHandOff;
  focusHandOff = false;
  return pending;
}
