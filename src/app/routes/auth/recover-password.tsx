import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

/** Where the recovery email lands: supabase-js reads the session from the URL (PASSWORD_RECOVERY). */
export default function RecoverPasswordRoute() {
  useDocumentTitle('Nova senha');
  const { status, isPasswordRecovery } = useAuth();
  const navigate = useNavigate();
  const linkError = new URLSearchParams(window.location.hash.slice(1)).get('error_description');

  if (status === 'loading') return <FullPageSpinner />;

  const canSetPassword = isPasswordRecovery || status === 'signed-in';
  return (
    <AuthLayout
      title="Definir nova senha"
      description={canSetPassword ? 'Escolha uma nova senha para sua conta.' : undefined}
      footer={
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Voltar para o login
        </Link>
      }
    >
      {canSetPassword ? (
        <NewPasswordForm onSuccess={() => void navigate(paths.home, { replace: true })} />
      ) : (
        <div role="alert" className="grid gap-2 text-sm">
          <p>O link de redefinição é inválido ou expirou.</p>
          {linkError ? <p className="text-muted-foreground">{linkError}</p> : null}
          <Link to={paths.resetPassword} className="font-medium text-primary underline-offset-4 hover:underline">
            Solicitar um novo link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
