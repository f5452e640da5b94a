import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { AccessRule } from '@/config/permissions';
import { canAccessRoute } from '@/lib/permissions';
import { useAuth } from '@/features/auth/auth-context';

/** Signed-in users only: spinner while auth loads, /login when signed out (spec §2 "Access behaviour"). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, retry, verifyAccount } = useAuth();
  const location = useLocation();
  // A disabled account's session ends at its next navigation: its token stays valid until it expires.
  useEffect(() => {
    if (status === 'signed-in') verifyAccount();
  }, [status, location.pathname, verifyAccount]);
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-out') return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (status === 'error') {
    return (
      <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-medium">Não foi possível carregar seus dados.</p>
        <Button onClick={retry}>Tentar novamente</Button>
      </div>
    );
  }
  return children;
}

/**
 * For a public route that also lives inside the signed-in frame (/change-password): signed-out visitors
 * get `signedOut`; everyone else goes through RequireAuth to `children`.
 */
export function SignedInOr({ signedOut, children }: { signedOut: ReactNode; children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signed-out') return signedOut;
  return <RequireAuth>{children}</RequireAuth>;
}

/** Users whose role and permissions satisfy `rule` (spec §6); others go to /unauthorized. */
export function RequireAccess({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return null;
  if (!canAccessRoute(user, rule)) return <Navigate to={paths.unauthorized} replace />;
  return children;
}
