import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { MailPage } from '@/features/mail/components/mail-page';
import { mailViewFromParams, paramsFromMailView, type MailView } from '@/features/mail/logic';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /correio: internal mail. The folder, search, page and open thread live in the URL
 * (?pasta=enviados&busca=nota&pagina=2&conversa=<id>; ?mensagem=<id> from a notification), so a
 * view can be reloaded and the back button closes a thread; the database decides what is whose.
 */
export default function MailRoute() {
  const title = titleForPath(paths.mail);
  useDocumentTitle(title);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => mailViewFromParams(params), [params]);
  const onView = useCallback((next: MailView, options?: { replace?: boolean }) => setParams(paramsFromMailView(next), options), [setParams]);
  if (!user) return null;
  return <MailPage title={title} view={view} onView={onView} myId={user.id} representative={user.role === 'REPRESENTANTE'} />;
}
