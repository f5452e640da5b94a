/**
 * What the toast viewport shell and the Radix viewport (toast.tsx) share: hotkey, label, classes, and the
 * hand-over of focus from the shell to the real viewport.
 */

/** Spec §9: the focus hotkey is F8 (Radix's default, set explicitly). */
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
export const TOAST_VIEWPORT_LABEL = 'Notificações ({hotkey})';
/**
 * Full-width at the top on phones; from `sm` up, bottom-right and as wide as a toast of spec §9's 356 px
 * plus the viewport's 1 rem padding on each side.
 */
export const TOAST_VIEWPORT_CLASS =
  'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col sm:max-w-[calc(356px+2rem)]';

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
