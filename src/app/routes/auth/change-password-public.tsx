import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

/** /change-password for a signed-out visitor (spec §2 lists it as public): email, current and new password. */
export default function PublicChangePasswordRoute() {
  useDocumentTitle('Alterar Senha');
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Alterar Senha"
      description="Informe seu email e sua senha atual e escolha uma nova senha com pelo menos 8 caracteres, letras minúsculas, maiúsculas e números."
      footer={
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Voltar para o login
        </Link>
      }
    >
      <ChangePasswordForm askEmail onSuccess={(email) => void navigate(paths.login, { replace: true, state: { email } })} />
    </AuthLayout>
  );
}
