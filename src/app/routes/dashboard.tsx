import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DashboardPage } from '@/features/purchasing/components/dashboard-page';

/** /dashboard: the representative's purchasing summary. */
export default function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const navigate = useNavigate();
  return <DashboardPage onOpenQuotes={() => void navigate(paths.quotes)} />;
}
