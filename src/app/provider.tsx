import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/features/auth/auth-provider';

const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster once the first toast is raised. The toast store (`use-toast.ts`) is plain
 * module state, so nothing raised before the toaster's code arrives is lost. This keeps Radix Toast and its
 * dismissable-layer/collection/presence machinery (~9 KB gzipped) out of the login page's 200 KB budget; the
 * signed-in frame preloads it (AppRoot).
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** App-wide providers: server-state cache, theme, session and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* deviation: the TooltipProvider (700 ms / 300 ms, spec §9) lives in AppLayout, the only place with
            tooltips, so Radix's positioning engine stays out of the login page's 200 KB budget. */}
        <AuthProvider>
          {children}
          <DeferredToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
