/**
 * The session's one live channel on its own notifications (spec §7: inserts on notifications filtered by
 * user_id; realtime checks each row against the recipient's RLS before delivering it). Mounted once by the
 * signed-in frame (src/app/routes/app-root.tsx), never by a page, so a notice reaches the user wherever they are.
 *
 * - Each new row: a toast (spec §9: 8000 ms, 'Ver' opens its target) and the bell's queries are read again.
 * - Rows that existed when the session started are never announced: the first read is the baseline.
 * - After every (re)subscription (a dropped connection, a laptop waking up): the latest rows are read again
 *   and those newer than the newest one known are announced, at most 3 toasts, then one 'N novas notificações'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { notificationKeys } from '@/features/notifications/api/keys';
import { countNotificationsSince, notificationListQueryOptions } from '@/features/notifications/api/list-notifications';
import { markNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { subscribeToNotifications } from '@/features/notifications/api/subscribe-notifications';
import {
  advanceWatermark,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TOAST_DURATION_MS,
  notificationTarget,
  planCatchUpToasts,
  unseenNotifications,
  type NotificationWatermark,
} from '@/features/notifications/logic';
import { notificationMessages } from '@/features/notifications/messages';
import { notificationSchema, type AppNotification } from '@/features/notifications/schemas';

export function useNotificationStream(userId: string | null | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(() => {
    if (!userId) return;
    let closed = false;
    let mark: NotificationWatermark | null = null;
    const early: AppNotification[] = [];

    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const readLatest = () => queryClient.fetchQuery({ ...notificationListQueryOptions(userId), staleTime: 0 });

    const open = (n: AppNotification, target: string) => {
      // /documentos?notification= marks it read itself (open_notification); other targets are marked here.
      if (!n.document_id) void markNotificationsRead({ ids: [n.id] }).then(refresh, () => undefined);
      void navigateRef.current(target);
    };

    const announce = (n: AppNotification) => {
      if (closed) return;
      const target = notificationTarget(n);
      const isDocument = n.type === 'DOCUMENTO';
      toast({
        title: isDocument ? notificationMessages.newDocument : n.title,
        description: isDocument ? n.title : (n.body ?? undefined),
        duration: NOTIFICATION_TOAST_DURATION_MS,
        action: target ? (
          <ToastAction altText={`${notificationMessages.view}: ${n.title}`} onClick={() => open(n, target)}>
            {notificationMessages.view}
          </ToastAction>
        ) : undefined,
      });
    };

    const received = (n: AppNotification) => {
      if (!mark) {
        early.push(n);
        return;
      }
      if (mark.seen.has(n.id)) return;
      mark = advanceWatermark(mark, [n]);
      announce(n);
    };

    // What exists now is the baseline, never announced. Rows heard before it was read are judged against it.
    const baseline = readLatest().then(
      (rows) => advanceWatermark(null, rows),
      // Unreadable now: the client's clock is the best baseline left (nothing older is announced later).
      (): NotificationWatermark => ({ newestMs: Date.now(), seen: new Set() }),
    ).then((first) => {
      mark = first;
      for (const n of early.splice(0)) received(n);
    });

    const catchUp = async () => {
      await baseline;
      if (closed || !mark) return;
      const rows = await readLatest();
      if (closed || !mark) return;
      const unseen = unseenNotifications(rows, mark);
      if (unseen.length === 0) return;
      let total = unseen.length;
      // A whole page missed: count the rest in the database instead of guessing.
      if (unseen.length >= NOTIFICATION_LIST_LIMIT && mark.newestMs !== null) {
        total = Math.max(total, await countNotificationsSince(userId, new Date(mark.newestMs + 1).toISOString()).catch(() => total));
      }
      mark = advanceWatermark(mark, unseen);
      const plan = planCatchUpToasts(unseen);
      for (const n of plan.toasts) announce(n);
      const more = total - plan.toasts.length;
      if (more > 0 && !closed) {
        toast({ title: notificationMessages.moreArrived(more), description: notificationMessages.moreArrivedDetail, duration: NOTIFICATION_TOAST_DURATION_MS });
      }
    };

    const unsubscribe = subscribeToNotifications(
      userId,
      (row) => {
        const parsed = notificationSchema.safeParse(row);
        if (parsed.success) received(parsed.data);
        refresh();
      },
      () => {
        void catchUp().catch(() => undefined);
        refresh();
      },
    );

    return () => {
      closed = true;
      unsubscribe();
    };
  }, [userId, queryClient]);
}
