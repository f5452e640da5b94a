import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { ROLE_LABELS } from '@/config/permissions';
import { visibleMenu } from '@/lib/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { unreadMailBadgeLabel, useUnreadMailCount } from '@/features/mail/api/count-unread-mail';
import { usePendingPunchRequestCount } from '@/features/time-clock/api/count-pending-punch-requests';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useNotificationStream } from '@/features/notifications/use-notification-stream';

/**
 * The signed-in frame: the sidebar menu this user may see, around the current page, with the count of pending time-clock
 * requests beside /ponto/admin (read only when the menu shows it; this module is loaded lazily, never by the sign-in page),
 * the notifications bell in the top bar and the session's one live notifications channel.
 */
export function AppRoot() {
  const { user, signOut } = useAuth();
  const sections = user ? visibleMenu(user, user.visibleMenuPaths) : [];
  const showsPunchAdmin = sections.some((section) => section.items.some((item) => item.path === paths.punchAdmin));
  const pending = usePendingPunchRequestCount(showsPunchAdmin);
  // One live notifications channel per signed-in session, wherever the user is (issue 27).
  useNotificationStream(user?.id);
  const unreadMail = useUnreadMailCount();
  if (!user) return null;
  return (
    <AppLayout
      sections={sections}
      badges={{ ...(pending.data ? { [paths.punchAdmin]: pending.data } : {}), ...(unreadMail.data ? { [paths.mail]: unreadMail.data } : {}) }}
      badgeLabels={{ [paths.mail]: unreadMailBadgeLabel }}
      user={{ name: user.name, roleLabel: ROLE_LABELS[user.role], unitName: user.unitName }}
      changePasswordPath={paths.changePassword}
      onSignOut={() => void signOut()}
      headerActions={<NotificationBell userId={user.id} />}
    >
      <Outlet />
    </AppLayout>
  );
}
