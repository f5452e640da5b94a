import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { PunchDashboardPage } from '@/features/time-clock/components/punch-dashboard-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /ponto/dashboard 'Dashboard Ponto' (ADMIN, ANALISTA; spec §6): who is working, on break, absent or late right now, live. */
export default function PunchDashboardRoute() {
  const title = titleForPath(paths.punchDashboard);
  useDocumentTitle(title);
  return <PunchDashboardPage title={title} />;
}
