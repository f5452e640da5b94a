import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/features/auth/auth-provider';

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
          <Toaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
