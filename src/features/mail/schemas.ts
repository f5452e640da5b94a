/**
 * The Correio's shapes: the jsonb the mail RPCs return (supabase/migrations/20261129200000_mail.sql),
 * parsed with zod in api/, and the compose form's schema (the limits send_mail applies; the database
 * checks them again and has the last word).
 */
import * as z from 'zod/mini';

export const MAIL_FOLDERS = ['ENTRADA', 'ENVIADOS', 'ARQUIVO'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;
export const SEARCH_MAX = 200;

const nullableString = z.nullable(z.string());

export const mailPersonSchema = z.object({ id: z.string(), name: nullableString });
export type MailPerson = z.infer<typeof mailPersonSchema>;

export const mailThreadSummarySchema = z.object({
  thread_id: z.string(),
  subject: z.string(),
  last_message_at: z.string(),
  last_sender: mailPersonSchema,
  excerpt: z.string(),
  messages: z.number(),
  unread: z.boolean(),
  has_attachments: z.boolean(),
  participants: z.array(mailPersonSchema),
});
export type MailThreadSummary = z.infer<typeof mailThreadSummarySchema>;

export const mailPageSchema = z.object({
  total: z.number(),
  unread: z.number(),
  items: z.array(mailThreadSummarySchema),
});
export type MailPage = z.infer<typeof mailPageSchema>;

export const mailAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  path: z.string(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const mailAddressedToSchema = z.object({
  users: z.array(mailPersonSchema),
  units: z.array(z.object({ id: z.string(), name: z.string() })),
  roles: z.array(z.string()),
});
export type MailAddressedTo = z.infer<typeof mailAddressedToSchema>;

export const mailRecipientStatusSchema = z.object({ id: z.string(), name: nullableString, read_at: nullableString });
export type MailRecipientStatus = z.infer<typeof mailRecipientStatusSchema>;

export const mailMessageSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  reply_to_id: nullableString,
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sender: mailPersonSchema,
  addressed_to: mailAddressedToSchema,
  recipients: z.array(mailRecipientStatusSchema),
  attachments: z.array(mailAttachmentSchema),
  mine: z.boolean(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailThreadSchema = z.object({
  thread_id: z.string(),
  subject: z.string(),
  archived: z.boolean(),
  messages: z.array(mailMessageSchema),
});
export type MailThread = z.infer<typeof mailThreadSchema>;

export const mailRecipientOptionSchema = z.object({
  kind: z.enum(['user', 'unit', 'role']),
  id: z.string(),
  name: z.string(),
  detail: z.optional(nullableString),
});
export type MailRecipientOption = z.infer<typeof mailRecipientOptionSchema>;
export const mailRecipientOptionsSchema = z.array(mailRecipientOptionSchema);

/** A file picked for a new message, before it is uploaded. */
export interface PickedAttachment {
  key: string;
  file: File;
}

export const COMPOSE_MESSAGES = {
  recipients: 'Escolha ao menos um destinatário',
  subject: 'Informe o assunto',
  subjectMax: `O assunto deve ter no máximo ${SUBJECT_MAX} caracteres`,
  body: 'Escreva a mensagem',
  bodyMax: 'A mensagem deve ter no máximo 20.000 caracteres',
} as const;

const composeRecipientSchema = z.object({ kind: z.enum(['user', 'unit', 'role']), id: z.string(), name: z.string(), detail: z.optional(nullableString) });

export const composeSchema = z.object({
  recipients: z.array(composeRecipientSchema).check(z.minLength(1, COMPOSE_MESSAGES.recipients)),
  subject: z
    .string()
    .check(
      z.refine((text) => text.trim().length > 0, COMPOSE_MESSAGES.subject),
      z.refine((text) => text.trim().length <= SUBJECT_MAX, COMPOSE_MESSAGES.subjectMax),
    ),
  body: z
    .string()
    .check(
      z.refine((text) => text.trim().length > 0, COMPOSE_MESSAGES.body),
      z.refine((text) => text.trim().length <= BODY_MAX, COMPOSE_MESSAGES.bodyMax),
    ),
  attachments: z.array(z.custom<PickedAttachment>()),
});
export type ComposeValues = z.infer<typeof composeSchema>;
