import { useSearchParams } from 'react-router-dom';
import { useAuth } from '@/features/auth/auth-context';
import { UsersPage } from '@/features/users/components/users-page';
import { USER_ADMIN_TABS, type UserAdminTab } from '@/features/users/types';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /usuarios: user and access administration (ADMIN with MANAGE_USERS); ?aba=usuarios|perfis|unidades|auditoria. */
export default function UsersRoute() {
  useDocumentTitle('Gerenciar Usuários');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('aba');
  const tab: UserAdminTab = USER_ADMIN_TABS.find((candidate) => candidate === tabParam) ?? 'usuarios';
  if (!user) return null;
  return <UsersPage currentUserId={user.id} isAdmin={user.role === 'ADMIN'} tab={tab} onTabChange={(next) => setParams(next === 'usuarios' ? {} : { aba: next }, { replace: true })} />;
}
