import { useAuth } from '@/features/auth/auth-context';
import { UsersPage } from '@/features/users/components/users-page';
import { USER_ADMIN_TABS, type UserAdminTab } from '@/features/users/types';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlTab } from '@/hooks/use-url-tab';

/** /usuarios: user and access administration (ADMIN with MANAGE_USERS); ?aba=usuarios|perfis|unidades|auditoria. */
export default function UsersRoute() {
  useDocumentTitle('Gerenciar Usuários');
  const { user } = useAuth();
  const [tab, selectTab] = useUrlTab<UserAdminTab>(USER_ADMIN_TABS, 'usuarios');
  if (!user) return null;
  return <UsersPage currentUserId={user.id} isAdmin={user.role === 'ADMIN'} tab={tab} onTabChange={selectTab} />;
}
