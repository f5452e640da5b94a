import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { LoginForm } from '@/features/auth/components/login-form';
import { POST_LOGIN_NAVIGATION_DELAY_MS } from '@/features/auth/session-timing';
import { whenIdle } from '@/lib/idle';

/** Once the form is shown and the browser is idle: the signed-in frame's and the home's code (src/app/after-sign-in.ts). */
function preloadHomeCode(): void {
  void import('@/app/after-sign-in').then((module) => module.preloadHomeCode()).catch(() => undefined);
}

export default function LoginRoute() {
  useDocumentTitle('Entrar');
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(preloadHomeCode, 1000), []);
  const { status } = useAuth();
  const navigate = useNavigate();
  // Arriving from a signed-out password change, the account's email is already known.
  const location = useLocation();
  const state: unknown = location.state;
  const initialEmail = typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';
  // Once the user submits, the form navigates (after ~100 ms); until then a signed-in visitor is sent home.
  const [submitted, setSubmitted] = useState(false);

  if (status === 'loading' && !submitted) return <FullPageSpinner />;
  if (status === 'signed-in' && !submitted) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout
      title="Entrar"
      description="Acesse o sistema com seu email e senha."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link to={paths.register} className="font-medium text-primary underline-offset-4 hover:underline">
            Cadastre-se
          </Link>
        </>
      }
    >
      <div onSubmitCapture={() => setSubmitted(true)}>
        <LoginForm
          initialEmail={initialEmail}
          onSuccess={(user) => {
            // The home's cards are asked for during the ~100 ms before it shows.
            void import('@/app/after-sign-in').then((module) => module.prefetchHomeAfterSignIn(queryClient, user)).catch(() => undefined);
            setTimeout(() => void navigate(paths.home, { replace: true }), POST_LOGIN_NAVIGATION_DELAY_MS);
          }}
        />
      </div>
      <Link to={paths.resetPassword} className="justify-self-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        Esqueceu sua senha?
      </Link>
    </AuthLayout>
  );
}
