import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { PendingDocumentsCard } from '@/features/documents/components/pending-documents-card';
import { PunchPage } from '@/features/time-clock/components/punch-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasAccess } from '@/lib/permissions';

/** /ponto: any signed-in user opens it (spec §6); punching needs PUNCH_CLOCK_ACCESS, which the database checks too. */
export default function PunchClockRoute() {
  useDocumentTitle('Registrar Ponto');
  const { user } = useAuth();
  if (!user) return null;
  if (!hasAccess(user, { roles: [], permissions: ['PUNCH_CLOCK_ACCESS'] })) {
    return (
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle>Ponto eletrônico indisponível</CardTitle>
          <CardDescription>Seu perfil não tem acesso ao ponto eletrônico. Fale com o administrador do sistema.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  // Pending required documents show after the day's punch, never as a gate before it (domain §7).
  return <PunchPage userId={user.id} afterPunch={<PendingDocumentsCard documentsPath={paths.documents} />} />;
}
