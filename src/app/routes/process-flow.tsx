import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { ProcessFlowPage } from '@/features/process-flow/components/process-flow-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /fluxo-processo (any signed-in user; spec §2): the purchasing and shipment flow with live counts in the caller's scope. */
export default function ProcessFlowRoute() {
  const title = titleForPath(paths.processFlow);
  useDocumentTitle(title);
  const { user } = useAuth();
  if (!user) return null;
  return <ProcessFlowPage title={title} user={user} />;
}
