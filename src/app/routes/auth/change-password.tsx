import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export default function ChangePasswordRoute() {
  useDocumentTitle('Alterar Senha');
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Alterar Senha</h1>
      <Card className="max-w-md">
        <CardHeader>
          <CardDescription>Confirme sua senha atual e escolha uma nova senha com pelo menos 8 caracteres, letras minúsculas, maiúsculas e números.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm onSuccess={() => void navigate(paths.home)} />
        </CardContent>
      </Card>
    </div>
  );
}
