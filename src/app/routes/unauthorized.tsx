import { ShieldX } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function UnauthorizedRoute() {
  useDocumentTitle('Acesso negado');
  const navigate = useNavigate();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <ShieldX aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Acesso não autorizado</h1>
      <p className="max-w-md text-muted-foreground">
        Você não tem permissão para acessar esta página. Se precisar deste acesso, fale com o administrador do sistema.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.home}>Voltar para o início</Link>
        </Button>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          Voltar à página anterior
        </Button>
      </div>
    </main>
  );
}
