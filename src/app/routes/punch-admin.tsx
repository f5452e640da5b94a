import { PunchAdminPage } from '@/features/time-clock/components/punch-admin-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /ponto/admin (ADMIN only, spec §6): the time clock's admin area — the LGPD term and its consents, the treated
 * timesheets, the employees' adjustment requests and the monthly closing (tabs in `?aba=`).
 */
export default function PunchAdminRoute() {
  useDocumentTitle('Meu Ponto (Admin)');
  return <PunchAdminPage />;
}
