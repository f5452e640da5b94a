import { PenLine } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Logo } from '@/components/ui/logo';

/** Public shipment signature page (/assinar/:token); the shipments issue replaces this placeholder. */
export default function SignatureRoute() {
  useDocumentTitle('Assinatura de Remessa');
  const { token } = useParams();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center">
      <Logo />
      <PenLine aria-hidden="true" className="size-10 text-primary" />
      <h1 className="text-2xl font-semibold">Assinatura de Remessa</h1>
      <p className="max-w-md text-muted-foreground">Este módulo ainda não está disponível.</p>
      {token ? null : <p className="text-sm text-destructive">Link de assinatura inválido.</p>}
    </main>
  );
}
