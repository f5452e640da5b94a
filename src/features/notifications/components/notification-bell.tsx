import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useUnreadNotificationCount } from '@/features/notifications/api/count-unread-notifications';
import { useNotifications } from '@/features/notifications/api/list-notifications';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { formatNotificationTime, notificationTarget } from '@/features/notifications/logic';
import { notificationErrorMessage, notificationMessages } from '@/features/notifications/messages';
import type { AppNotification } from '@/features/notifications/schemas';
import { cn } from '@/lib/utils';

/**
 * The header's bell: the unread count, and a popover of the 20 latest notifications (newest first). A click
 * marks one read and opens what it is about; 'Marcar todas como lidas' clears the count.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadNotificationCount(userId);
  const list = useNotifications(userId, open);
  const markRead = useMarkNotificationsRead();
  const unreadCount = unread.data ?? 0;

  const choose = (n: AppNotification) => {
    if (!n.read_at) markRead.mutate({ ids: [n.id] });
    const target = notificationTarget(n);
    setOpen(false);
    if (target) void navigate(target);
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={notificationMessages.bellLabel(unreadCount)} data-testid="notification-bell">
          <Bell aria-hidden="true" />
          {unreadCount > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-semibold text-white tabular-nums"
            >
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
          ) : null}
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={8}
          aria-label={notificationMessages.title}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-md border bg-popover text-popover-foreground shadow-md outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="text-sm font-semibold">{notificationMessages.title}</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unreadCount === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ ids: null })}
            >
              <CheckCheck aria-hidden="true" /> {notificationMessages.markAllRead}
            </Button>
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
            {list.isPending ? (
              <div className="flex justify-center p-4">
                <Spinner />
              </div>
            ) : list.isError ? (
              <div className="p-2">
                <LoadError message={notificationMessages.loadError} detail={notificationErrorMessage(list.error)} onRetry={() => void list.refetch()} />
              </div>
            ) : list.data.length === 0 ? (
              <p className="p-4 text-center text-sm text-muted-foreground">{notificationMessages.empty}</p>
            ) : (
              <ul className="grid gap-0.5" aria-label={notificationMessages.title}>
                {list.data.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => choose(n)}
                      data-testid="notification-item"
                      className={cn(
                        'flex w-full items-start gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        !n.read_at && 'bg-accent/40',
                      )}
                    >
                      <span className="mt-1.5 flex size-2 shrink-0">
                        {n.read_at ? null : (
                          <span className="size-2 rounded-full bg-primary" role="img" aria-label={notificationMessages.unreadDot} />
                        )}
                      </span>
                      <span className="grid min-w-0 flex-1 gap-0.5">
                        <span className={cn('break-words', !n.read_at && 'font-medium')}>{n.title}</span>
                        <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                          <span>{notificationMessages.typeLabels[n.type]}</span>
                          <time dateTime={n.created_at}>{formatNotificationTime(n.created_at)}</time>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
