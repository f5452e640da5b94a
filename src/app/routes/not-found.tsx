import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  useDocumentTitle('Página não encontrada');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Página não encontrada</h1>
      <p className="max-w-md text-muted-foreground">O endereço acessado não existe ou foi removido.</p>
      <Button asChild>
        <Link to={paths.home}>Voltar para o início</Link>
      </Button>
    </main>
  );
}
