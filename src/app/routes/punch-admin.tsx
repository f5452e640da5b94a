import { TermAdminPage } from '@/features/time-clock/components/term-admin-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /ponto/admin (ADMIN only, spec §6): the time clock's admin area — the LGPD term and its consents. */
export default function PunchAdminRoute() {
  useDocumentTitle('Meu Ponto (Admin)');
  return <TermAdminPage />;
}
