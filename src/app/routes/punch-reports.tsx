import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { PunchReportsPage } from '@/features/time-clock/components/punch-reports-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /ponto/relatorios 'Relatórios de Ponto' (the route table gives ADMIN and ANALISTA, the menu lists it for ADMIN only: both
 * readings are kept, spec §6): the period's figures per employee, unit and day; filters and tab in the URL.
 */
export default function PunchReportsRoute() {
  const title = titleForPath(paths.punchReports);
  useDocumentTitle(title);
  return <PunchReportsPage title={title} />;
}
