/**
 * The documents RPCs' jsonb answers (issue 27 contract: list_documents, get_document,
 * record_document_read, acknowledge_document, confirm_document_action, add_document_reply,
 * get_document_receipts) parsed with zod, and the forms' schemas (publishing, action proof, reply).
 */
import { z } from 'zod';
import { isIsoDay } from '@/lib/dates';
import { ROLES } from '@/config/permissions';

export const DOCUMENT_CATEGORIES = ['COMUNICADO', 'PROCEDIMENTO', 'PRECO', 'RECALL', 'REGULATORIO'] as const;
export const DOCUMENT_DEMANDS = ['NENHUMA', 'LEITURA', 'ACAO'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export type DocumentDemand = (typeof DOCUMENT_DEMANDS)[number];

export const TITLE_MAX = 200;
export const BODY_MAX = 50_000;
export const LOT_MAX = 60;
export const NOTES_MAX = 1000;
export const REPLY_MAX = 4000;
/** The bucket's size limit (10 MB), checked before sending so nothing is uploaded in vain. */
export const DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

const day = z.string().refine(isIsoDay);
const numeric = z.union([z.number(), z.string().transform(Number)]);

export const documentMyStatusSchema = z.object({
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_version: z.number().nullable(),
  pending: z.boolean(),
  unit_done: z.boolean().nullable(),
});

const summaryFields = {
  id: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  demand: z.enum(DOCUMENT_DEMANDS),
  due_date: day.nullable(),
  overdue: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  valid_from: day,
  valid_until: day.nullable(),
  archived: z.boolean(),
  excerpt: z.string(),
  my: documentMyStatusSchema,
};

export const documentSummarySchema = z.object({ ...summaryFields, files: z.number() });

export const documentPageSchema = z.object({
  total: z.number(),
  pending: z.number(),
  items: z.array(documentSummarySchema),
});

export const documentFileSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: numeric,
  path: z.string(),
});

export const documentActionSchema = z.object({
  id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  lot: z.string(),
  quantity: numeric,
  notes: z.string().nullable(),
  photo_path: z.string().nullable(),
  responsible_name: z.string(),
  confirmed_at: z.string(),
  version: z.number(),
});

export const documentReplySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

export const documentDetailSchema = z.object({
  ...summaryFields,
  body: z.string(),
  content_hash: z.string(),
  ack_version: z.number(),
  audience_all: z.boolean(),
  audience_unit_ids: z.array(z.string()),
  audience_roles: z.array(z.string()),
  allow_replies: z.boolean(),
  can_manage: z.boolean(),
  files: z.array(documentFileSchema),
  versions: z.array(z.object({ version: z.number(), material: z.boolean(), created_at: z.string(), created_by_name: z.string().nullable() })),
  actions: z.array(documentActionSchema),
  replies: z.array(documentReplySchema),
  my_units: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const documentReceiptsSchema = z.object({
  document_id: z.string(),
  version: z.number(),
  ack_version: z.number(),
  demand: z.enum(DOCUMENT_DEMANDS),
  totals: z.object({ audience: z.number(), read: z.number(), acknowledged: z.number(), units: z.number(), units_done: z.number() }),
  units: z.array(
    z.object({
      unit_id: z.string().nullable(),
      unit_name: z.string(),
      people: z.number(),
      read: z.number(),
      acknowledged: z.number(),
      done: z.boolean().nullable(),
      actions: z.array(documentActionSchema),
    }),
  ),
  people: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      unit_id: z.string().nullable(),
      unit_name: z.string().nullable(),
      role: z.string(),
      read_at: z.string().nullable(),
      acknowledged_at: z.string().nullable(),
      acknowledged_version: z.number().nullable(),
      pending: z.boolean(),
    }),
  ),
  last_reminder_at: z.string().nullable(),
});

export const openedNotificationSchema = z.object({
  id: z.string(),
  type: z.enum(['DOCUMENTO', 'ALERTA']),
  title: z.string(),
  document_id: z.string().nullable(),
  mail_message_id: z.string().nullable(),
  read_at: z.string().nullable(),
});

export type DocumentMyStatus = z.infer<typeof documentMyStatusSchema>;
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export type DocumentPage = z.infer<typeof documentPageSchema>;
export type DocumentFile = z.infer<typeof documentFileSchema>;
export type DocumentAction = z.infer<typeof documentActionSchema>;
export type DocumentReply = z.infer<typeof documentReplySchema>;
export type DocumentDetail = z.infer<typeof documentDetailSchema>;
export type DocumentReceipts = z.infer<typeof documentReceiptsSchema>;
export type OpenedNotification = z.infer<typeof openedNotificationSchema>;

// --- Forms ---------------------------------------------------------------------------------------

/** The publisher's form: the same checks save_document makes, so nothing typed is sent to be refused. */
export const documentFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Informe o título do documento').max(TITLE_MAX, 'O título deve ter no máximo 200 caracteres'),
    body: z.string().trim().min(1, 'Informe o texto do documento').max(BODY_MAX, 'O texto deve ter no máximo 50.000 caracteres'),
    category: z.enum(DOCUMENT_CATEGORIES),
    demand: z.enum(DOCUMENT_DEMANDS),
    due_date: z.string(),
    audience_all: z.boolean(),
    audience_unit_ids: z.array(z.string()),
    audience_roles: z.array(z.enum(ROLES)),
    valid_from: z.string().refine(isIsoDay, 'Informe o início da validade'),
    valid_until: z.string(),
    allow_replies: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.demand !== 'NENHUMA') {
      if (!isIsoDay(value.due_date)) ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'Informe o prazo da exigência' });
      else if (isIsoDay(value.valid_from) && value.due_date < value.valid_from)
        ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'O prazo não pode ser anterior ao início da validade' });
    }
    if (value.valid_until !== '') {
      if (!isIsoDay(value.valid_until)) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'Informe uma data válida' });
      else if (isIsoDay(value.valid_from) && value.valid_until < value.valid_from)
        ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'O fim da validade não pode ser anterior ao início' });
    }
    if (!value.audience_all && value.audience_unit_ids.length === 0 && value.audience_roles.length === 0)
      ctx.addIssue({ code: 'custom', path: ['audience_all'], message: 'Escolha o público do documento' });
  });

export type DocumentFormValues = z.input<typeof documentFormSchema>;

/** The jsonb save_document takes (p_document): blanks as null, an audience of everyone without lists. */
export function documentPayload(values: DocumentFormValues) {
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    category: values.category,
    demand: values.demand,
    due_date: values.demand === 'NENHUMA' || values.due_date === '' ? null : values.due_date,
    audience_all: values.audience_all,
    audience_unit_ids: values.audience_all ? [] : values.audience_unit_ids,
    audience_roles: values.audience_all ? [] : values.audience_roles,
    valid_from: values.valid_from,
    valid_until: values.valid_until === '' ? null : values.valid_until,
    allow_replies: values.allow_replies,
  };
}

/** A unit's proof of action on a recall or price change (confirm_document_action). */
export const actionFormSchema = z.object({
  unit_id: z.string().min(1, 'Escolha a unidade'),
  lot: z.string().trim().min(1, 'Informe o lote').max(LOT_MAX, 'O lote deve ter no máximo 60 caracteres'),
  quantity: z
    .string()
    .trim()
    .refine((text) => {
      const number = parseQuantity(text);
      return text !== '' && Number.isFinite(number) && number > 0;
    }, 'Informe a quantidade recolhida (maior que zero)'),
  notes: z.string().trim().max(NOTES_MAX, 'As observações devem ter no máximo 1.000 caracteres'),
});
export type ActionFormValues = z.input<typeof actionFormSchema>;

/** '1.234,5' or '12.5' → 1234.5 / 12.5 (a comma is the decimal mark; dots before it group thousands). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return Number(trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed);
}

export const replyFormSchema = z.object({
  body: z.string().trim().min(1, 'Escreva a resposta').max(REPLY_MAX, 'A resposta deve ter no máximo 4.000 caracteres'),
});
export type ReplyFormValues = z.input<typeof replyFormSchema>;
