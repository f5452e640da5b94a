import { Link } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  useDocumentTitle('Redefinir senha');
  return (
    <AuthLayout
      title="Redefinir senha"
      description="Informe seu email para receber o link de redefinição."
      footer={
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Voltar para o login
        </Link>
      }
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
