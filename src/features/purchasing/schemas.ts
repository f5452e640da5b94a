/**
 * The purchasing forms' schemas: the values as typed (strings), checked with the same rules the
 * database applies, so a field's Portuguese message shows under it before anything is sent.
 */
import * as z from 'zod/mini';
import { COST_OF_MONEY_RANGE_MESSAGE, parseCostOfMoneyPercent } from '@/lib/cost-of-money';
import { parseQuantity } from '@/features/purchasing/logic';
import { purchasingMessages } from '@/features/purchasing/messages';

const BATCH_NAME_MAX = 120;
const batchNameTooLong = 'O nome do lote deve ter no máximo 120 caracteres.';

/** A batch's name (quote_batches.name is required when renaming; the check caps it at 120). */
export const batchNameSchema = z.string().check(z.trim(), z.minLength(1, 'Informe o nome do lote.'), z.maxLength(BATCH_NAME_MAX, batchNameTooLong));

export const renameBatchFormSchema = z.object({ name: batchNameSchema });
export type RenameBatchFormValues = z.input<typeof renameBatchFormSchema>;

/** New batch: an optional name (blank: the database names it) and at least one pending shortage. */
export const createBatchFormSchema = z.object({
  name: z.string().check(z.trim(), z.maxLength(BATCH_NAME_MAX, batchNameTooLong)),
  shortageIds: z.array(z.string()).check(z.minLength(1, 'Selecione ao menos um item para criar o lote.')),
});
export type CreateBatchFormValues = z.input<typeof createBatchFormSchema>;

/** One requested quantity for every item of a batch: a whole number above zero ("1.200" reads as 1200). */
export const batchQuantityFormSchema = z.object({
  quantity: z.pipe(
    z.string().check(
      z.refine((text) => {
        const quantity = parseQuantity(text);
        return quantity !== null && !Number.isNaN(quantity) && quantity > 0 && quantity <= 2_147_483_647;
      }, 'Informe um número inteiro maior que zero.'),
    ),
    z.transform((text) => parseQuantity(text) ?? 0),
  ),
});
export type BatchQuantityFormValues = z.input<typeof batchQuantityFormSchema>;

export const MINIMUM_CHOICE_REQUIRED = 'Escolha entre elevar à quantidade mínima ou manter a quantidade solicitada.';

/**
 * Generating orders: the delivery date (optional, a calendar day as the date input gives it, YYYY-MM-DD) and, for each
 * winning line whose need is below the supplier's minimum, the buyer's explicit choice: raise it to the minimum or keep it.
 */
export const generateOrdersFormSchema = z.object({
  deliveryDate: z.string().check(z.refine((day) => day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day), 'Informe uma data de entrega válida.')),
  minimumChoices: z.optional(
    z.array(
      z.object({
        shortageId: z.string(),
        choice: z.string().check(z.refine((choice) => choice === 'raise' || choice === 'keep', MINIMUM_CHOICE_REQUIRED)),
      }),
    ),
  ),
});
export type GenerateOrdersFormValues = z.input<typeof generateOrdersFormSchema>;

/** A quote's payment term as typed: blank (not stated) or a whole number of days, 0 to 360 (the database's check). */
export const paymentTermSchema = z.pipe(
  z.string().check(
    z.refine((text) => {
      const trimmed = text.trim();
      return trimmed === '' || (/^\d{1,3}$/.test(trimmed) && Number(trimmed) <= 360);
    }, purchasingMessages.paymentTermRange),
  ),
  z.transform((text): number | null => (text.trim() === '' ? null : Number(text.trim()))),
);

/** The buyer's monthly cost of money in percent as typed ('2', '1,5'): 0 to 20; answers the fraction (0.02). */
export const monthlyRatePercentSchema = z.pipe(
  z.string().check(z.refine((text) => parseCostOfMoneyPercent(text) !== null, COST_OF_MONEY_RANGE_MESSAGE)),
  z.transform((text) => (parseCostOfMoneyPercent(text) ?? 0) / 100),
);

/**
 * The receive dialog: the quantity counted for each of the buyer's lines (a whole number from 0 to 10 × the quantity
 * ordered, as receive_purchase_order checks).
 */
export const receiveOrderFormSchema = z.object({
  lines: z.array(
    z.object({ lineId: z.string(), ordered: z.number(), quantity: z.string() }).check(
      z.refine(
        (line) => {
          const quantity = parseQuantity(line.quantity);
          return quantity !== null && !Number.isNaN(quantity) && quantity >= 0 && quantity <= 10 * line.ordered;
        },
        { message: purchasingMessages.receivedQuantityRange, path: ['quantity'] },
      ),
    ),
  ),
});
export type ReceiveOrderFormValues = z.input<typeof receiveOrderFormSchema>;
