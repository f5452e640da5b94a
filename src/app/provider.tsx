import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { ToastViewportShell } from '@/components/ui/toast-viewport-shell';
import { useToast } from '@/components/ui/use-toast';
import { preloadable } from '@/lib/preloadable';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';

const Toaster = preloadable(() => import('@/components/ui/toaster').then((module) => module.Toaster));

/**
 * The toast viewport, present from the first render: the shell (same region, list and F8 hotkey) until
 * the Radix toaster is needed — on the first toast, or as soon as the signed-in frame is shown. The toast
 * store (`use-toast.ts`) is plain module state, so nothing raised before the toaster's code arrives is lost.
 * This keeps Radix Toast and its dismissable-layer/collection/presence machinery (~11 KB gzipped) out of
 * the login page's 150 KB target.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const { status } = useAuth();
  const [needed, setNeeded] = useState(false);
  if ((toasts.length > 0 || status === 'signed-in') && !needed) setNeeded(true);
  if (!needed) return <ToastViewportShell />;
  return <Toaster fallback={<ToastViewportShell />} />;
}

/**
 * App-wide providers: server-state cache, theme, session and toasts. The cache is made by main-app.tsx, which
 * fills it with the first page's data before React renders (src/app/router.tsx, preloadRoute).
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* deviation: the TooltipProvider (700 ms / 300 ms, spec §9) lives in AppLayout, the only place with
            tooltips, so Radix's positioning engine stays out of the login page's 150 KB target. */}
        <AuthProvider>
          {children}
          <DeferredToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
