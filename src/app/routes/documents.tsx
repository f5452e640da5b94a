import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useUnits } from '@/features/auth/api/get-units';
import { useAuth } from '@/features/auth/auth-context';
import { DocumentsPage } from '@/features/documents/components/documents-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasAccess } from '@/lib/permissions';

/**
 * /documentos (any signed-in user, spec §2): the documents feed; ?documento=<id> opens one,
 * ?notification=<id> opens a notification's document. Publishing needs MANAGE_DOCUMENTS (ADMIN
 * passes), which the database checks again.
 */
export default function DocumentsRoute() {
  const title = titleForPath(paths.documents);
  useDocumentTitle(title);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canManage = user ? hasAccess(user, { roles: [], permissions: ['MANAGE_DOCUMENTS'] }) : false;
  const units = useUnits();
  const onOtherNotification = useCallback(
    ({ mail_message_id }: { mail_message_id: string | null }) => {
      if (mail_message_id) void navigate(`${paths.mail}?mensagem=${encodeURIComponent(mail_message_id)}`, { replace: true });
    },
    [navigate],
  );
  if (!user) return null;
  return (
    <DocumentsPage
      title={title}
      user={{ id: user.id, name: user.name }}
      canManage={canManage}
      units={canManage ? (units.data ?? []) : []}
      params={params}
      setParams={setParams}
      onOtherNotification={onOtherNotification}
    />
  );
}
