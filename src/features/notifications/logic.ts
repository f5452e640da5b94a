/**
 * Pure rules of the notifications shell: where a notification leads, how its time reads, and which rows a
 * (re)subscription must still announce (the catch-up after a dropped connection).
 */
import { documentNotificationPath, paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { notificationMessages } from '@/features/notifications/messages';
import type { AppNotification } from '@/features/notifications/schemas';

/** Spec §9 and issue 27: every notification toast stays 8000 ms. */
export const NOTIFICATION_TOAST_DURATION_MS = 8000;
/** A catch-up shows at most this many toasts, then one summary. */
export const CATCH_UP_TOAST_LIMIT = 3;
/** The bell lists this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 20;

/** Where opening a notification goes: a document (through /documentos?notification=, which marks it read), a mail message, or nowhere. */
export function notificationTarget(n: Pick<AppNotification, 'id' | 'document_id' | 'mail_message_id'>): string | null {
  if (n.document_id) return documentNotificationPath(n.id);
  if (n.mail_message_id) return `${paths.mail}?mensagem=${encodeURIComponent(n.mail_message_id)}`;
  return null;
}

/** 'agora', 'há 5 min', 'há 2 horas' within the day; the date and time after that. */
export function formatNotificationTime(createdAt: string, now: Date = new Date()): string {
  const elapsedMs = now.getTime() - Date.parse(createdAt);
  if (!Number.isFinite(elapsedMs)) return '';
  const minutes = Math.floor(elapsedMs / 60_000);
  if (minutes < 1) return notificationMessages.justNow;
  if (minutes < 60) return notificationMessages.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return notificationMessages.hoursAgo(hours);
  return formatDateTime(createdAt);
}

/**
 * What the session already knows: the newest created_at it has seen (ms) and the ids it has seen or
 * announced. Rows that existed when the session started are "seen" from the first read on, so they are
 * never announced.
 */
export interface NotificationWatermark {
  newestMs: number | null;
  seen: ReadonlySet<string>;
}

function timeOf(row: Pick<AppNotification, 'created_at'>): number {
  const ms = Date.parse(row.created_at);
  return Number.isFinite(ms) ? ms : 0;
}

/** The watermark after `rows` were seen (the session's first read, or rows just announced). */
export function advanceWatermark(mark: NotificationWatermark | null, rows: readonly Pick<AppNotification, 'id' | 'created_at'>[]): NotificationWatermark {
  const seen = new Set(mark?.seen ?? []);
  let newestMs = mark?.newestMs ?? null;
  for (const row of rows) {
    seen.add(row.id);
    const ms = timeOf(row);
    if (newestMs === null || ms > newestMs) newestMs = ms;
  }
  return { newestMs, seen };
}

/**
 * The rows of a re-read the session has not announced yet: not seen, and not older than the newest one
 * known (rows of the same instant as the newest are new only when their id is unknown: one publication
 * writes all its rows with one timestamp). Oldest first.
 */
export function unseenNotifications<T extends Pick<AppNotification, 'id' | 'created_at'>>(rows: readonly T[], mark: NotificationWatermark): T[] {
  return rows
    .filter((row) => !mark.seen.has(row.id) && (mark.newestMs === null || timeOf(row) >= mark.newestMs))
    .sort((a, b) => timeOf(a) - timeOf(b));
}

/** A catch-up's toasts: the newest CATCH_UP_TOAST_LIMIT rows one by one (oldest of them first), and how many more went unannounced. */
export function planCatchUpToasts<T extends Pick<AppNotification, 'id' | 'created_at'>>(unseen: readonly T[], limit = CATCH_UP_TOAST_LIMIT): { toasts: T[]; more: number } {
  if (unseen.length <= limit) return { toasts: [...unseen], more: 0 };
  return { toasts: unseen.slice(unseen.length - limit), more: unseen.length - limit };
}
