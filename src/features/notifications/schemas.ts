import { z } from 'zod';

/** Spec §3: a notification is DOCUMENTO or ALERTA. */
export const NOTIFICATION_TYPES = ['DOCUMENTO', 'ALERTA'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A row of public.notifications as the bell and the live stream read it (the recipient is the caller). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string().nullable(),
  document_id: z.string().nullable(),
  mail_message_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
