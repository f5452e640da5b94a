import { useEffect, type ReactNode } from 'react';
import { ThemeSwitch } from '@/components/theme/theme-switch';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { loadSupabase } from '@/lib/supabase-loader';

interface AuthLayoutProps {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * Centered card for the sign-in, registration and password pages. Once shown, it asks for the Supabase client
 * their forms send through, so it is here by the time the user has typed (src/lib/supabase-loader.ts).
 */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  useEffect(() => {
    void loadSupabase().catch(() => undefined);
  }, []);
  return (
    <div className="relative flex min-h-svh flex-col items-center justify-center bg-gradient-to-br from-accent/60 via-background to-background px-4 py-10">
      <ThemeSwitch className="absolute top-4 right-4" />
      <main className="flex w-full max-w-sm flex-col items-center gap-6">
        <Logo className="text-lg" />
        <Card className="w-full">
          <CardHeader>
            <h1 className="text-xl leading-none font-semibold">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </main>
    </div>
  );
}
