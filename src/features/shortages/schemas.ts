import * as z from 'zod/mini';

const wholeNumber = /^\d+$/;

/** Shortage form (strings as typed): product chosen, requested > 0, available ≥ 0 — as the table's checks. */
export const shortageFormSchema = z.object({
  productId: z.string().check(z.minLength(1, { error: 'Selecione um produto' })),
  requestedQuantity: z.string().check(
    z.trim(),
    z.regex(wholeNumber, { error: 'Informe a quantidade solicitada (número inteiro)' }),
    z.refine((value) => Number(value) > 0, { error: 'A quantidade solicitada deve ser maior que zero' }),
    z.refine((value) => Number(value) <= 2_147_483_647, { error: 'Quantidade muito grande' }),
  ),
  availableQuantity: z.string().check(
    z.trim(),
    z.regex(wholeNumber, { error: 'A quantidade disponível deve ser um número inteiro maior ou igual a zero' }),
    z.refine((value) => Number(value) <= 2_147_483_647, { error: 'Quantidade muito grande' }),
  ),
  groupId: z.nullable(z.string()),
  observation: z.string().check(z.trim(), z.maxLength(500, { error: 'A observação deve ter no máximo 500 caracteres' })),
});
export type ShortageFormValues = z.input<typeof shortageFormSchema>;
export type ShortageFormOutput = z.output<typeof shortageFormSchema>;

export interface ShortageWrite {
  product_id: string;
  requested_quantity: number;
  available_quantity: number;
  group_id: string | null;
  observation: string | null;
}

export function toShortageWrite(values: ShortageFormOutput): ShortageWrite {
  return {
    product_id: values.productId,
    requested_quantity: Number(values.requestedQuantity),
    available_quantity: Number(values.availableQuantity),
    group_id: values.groupId,
    observation: values.observation || null,
  };
}

export const EMPTY_SHORTAGE_FORM: ShortageFormValues = {
  productId: '',
  requestedQuantity: '',
  availableQuantity: '0',
  groupId: null,
  observation: '',
};
