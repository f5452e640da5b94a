import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSignedInByInvite } from '@/features/auth/api/get-session-method';
import { useAuth } from '@/features/auth/auth-context';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

/**
 * /change-password. Signed in with a password, the current one is confirmed first; arriving from an
 * invitation link (the administrator created the account without a password), the user chooses a first one.
 */
export default function ChangePasswordRoute() {
  useDocumentTitle('Alterar Senha');
  const navigate = useNavigate();
  const { user } = useAuth();
  const invited = useSignedInByInvite(user?.id ?? null);
  const done = () => void navigate(paths.home);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{invited ? 'Defina sua senha' : 'Alterar Senha'}</h1>
      <Card className="max-w-md">
        {invited === null ? (
          <CardContent className="pt-6">
            <Skeleton className="h-48" aria-hidden="true" />
          </CardContent>
        ) : invited ? (
          <>
            <CardHeader>
              <CardTitle>Bem-vindo(a)!</CardTitle>
              <CardDescription>Seu convite foi aceito. Escolha a senha da sua conta: pelo menos 8 caracteres, letras minúsculas, maiúsculas e números.</CardDescription>
            </CardHeader>
            <CardContent>
              <NewPasswordForm onSuccess={done} />
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardDescription>Confirme sua senha atual e escolha uma nova senha com pelo menos 8 caracteres, letras minúsculas, maiúsculas e números.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm onSuccess={done} />
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
