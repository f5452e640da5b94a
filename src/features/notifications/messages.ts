/** Portuguese messages of the notifications bell and toasts (the feature owns them). */
import { formatCount } from '@/lib/dates';
import { databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import type { NotificationType } from '@/features/notifications/schemas';

export const notificationMessages = {
  bell: 'Notificações',
  /** The bell's accessible name: 'Notificações' or 'Notificações, 3 não lidas'. */
  bellLabel: (unread: number) => (unread > 0 ? `Notificações, ${formatCount(unread, 'não lida', 'não lidas')}` : 'Notificações'),
  title: 'Notificações',
  empty: 'Nenhuma notificação por enquanto',
  loadError: 'Erro ao carregar as notificações',
  retry: 'Tentar novamente',
  markAllRead: 'Marcar todas como lidas',
  markReadError: 'Erro ao marcar as notificações como lidas',
  allMarkedRead: 'Notificações marcadas como lidas',
  unreadDot: 'Não lida',
  typeLabels: { DOCUMENTO: 'Documento', ALERTA: 'Alerta' } satisfies Record<NotificationType, string>,
  /** Spec §9: a new document's toast. */
  newDocument: 'Novo documento',
  view: 'Ver',
  /** After a dropped connection, past the first toasts: how many more arrived meanwhile. */
  moreArrived: (count: number) => formatCount(count, 'nova notificação', 'novas notificações'),
  moreArrivedDetail: 'Abra o sino de notificações para ver todas',
  justNow: 'agora',
  minutesAgo: (minutes: number) => `há ${minutes} min`,
  hoursAgo: (hours: number) => `há ${formatCount(hours, 'hora', 'horas')}`,
};

/** The Portuguese reason of a failed notifications call. */
export function notificationErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const own = databaseOwnMessage(error);
  if (own) return own;
  if (isAuthenticationError(error)) return 'Sua sessão expirou. Faça login novamente.';
  return GENERIC_ERROR_MESSAGE;
}
