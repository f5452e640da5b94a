import { PunchDetailedReportsPage } from '@/features/time-clock/components/punch-detailed-reports-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /ponto/relatorios-detalhados (ADMIN and ANALISTA, spec §6): every mark with its origin, the printable espelho de ponto
 * and the unit's AFD and AEJ (tabs in `?aba=`). The database limits each reader to the units in their scope.
 */
export default function PunchDetailedReportsRoute() {
  useDocumentTitle('Relatórios Detalhados de Ponto');
  return <PunchDetailedReportsPage />;
}
