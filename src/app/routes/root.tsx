import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { OfflineBanner } from '@/components/layouts/offline-banner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';

/** Top of every route: the offline banner, and /login whenever a signed-in session ends (expiry, 401, logout). */
export function RootRoute() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const previous = useRef(status);

  useEffect(() => {
    if (previous.current === 'signed-in' && status === 'signed-out') void navigate(paths.login, { replace: true });
    previous.current = status;
  }, [status, navigate]);

  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}
