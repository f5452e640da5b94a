import { useLayoutEffect, useRef } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { takeViewportFocusHandOff } from '@/components/ui/toast-viewport';
import { TOAST_VIEWPORT_DURATION_MS, useToast, visibleToasts } from '@/components/ui/use-toast';

export function Toaster() {
  const state = useToast();
  const viewportRef = useRef<HTMLOListElement>(null);
  // Replacing the shell viewport that had the focus (F8): keep the focus on the viewport.
  useLayoutEffect(() => {
    if (takeViewportFocusHandOff()) viewportRef.current?.focus();
  }, []);
  return (
    <ToastProvider duration={TOAST_VIEWPORT_DURATION_MS}>
      {visibleToasts(state).map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewportRef} />
    </ToastProvider>
  );
}
