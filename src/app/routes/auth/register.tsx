import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  useDocumentTitle('Criar conta');
  const { status } = useAuth();
  const navigate = useNavigate();
  if (status === 'signed-in') return <Navigate to={paths.home} replace />;
  return (
    <AuthLayout
      title="Criar conta"
      description="Preencha seus dados para acessar o sistema."
      footer={
        <>
          Já tem conta?{' '}
          <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <RegisterForm onSuccess={({ signedIn }) => void navigate(signedIn ? paths.home : paths.login, { replace: true })} />
    </AuthLayout>
  );
}
