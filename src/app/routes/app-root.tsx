import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { ROLE_LABELS } from '@/config/permissions';
import { visibleMenu } from '@/lib/permissions';
import { useAuth } from '@/features/auth/auth-context';

/** The signed-in frame: the sidebar menu this user may see, around the current page. */
export function AppRoot() {
  const { user, signOut } = useAuth();
  if (!user) return null;
  return (
    <AppLayout
      sections={visibleMenu(user, user.visibleMenuPaths)}
      user={{ name: user.name, roleLabel: ROLE_LABELS[user.role], unitName: user.unitName }}
      changePasswordPath={paths.changePassword}
      onSignOut={() => void signOut()}
    >
      <Outlet />
    </AppLayout>
  );
}
