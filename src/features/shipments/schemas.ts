/**
 * The shipment form's schema: values as typed (strings), checked with the limits save_shipment
 * applies (units, at least one line, quantity 1..100.000, lot ≤ 40, validity not past, no product
 * and lot twice, notes ≤ 1000). The database checks all of it again and has the last word.
 */
import * as z from 'zod/mini';
import { duplicateLineMessage, duplicateLines, LOT_MAX, NOTES_MAX, parseWholeNumber, QUANTITY_MAX } from '@/features/shipments/lines';
import { isValidDay } from '@/lib/dates';

export const SHIPMENT_FORM_MESSAGES = {
  origin: 'Selecione a unidade de origem.',
  destination: 'Selecione a unidade de destino.',
  sameUnit: 'A origem e o destino devem ser unidades diferentes',
  scope: 'Você só pode criar remessas que saiam da sua unidade ou cheguem a ela',
  noItems: 'Inclua ao menos um item',
  quantityRequired: 'Informe a quantidade.',
  quantityInteger: 'A quantidade deve ser um número inteiro.',
  quantityPositive: 'Quantidade deve ser maior que zero',
  quantityMax: 'Quantidade deve ser no máximo 100.000',
  lotMax: `Lote deve ter no máximo ${LOT_MAX} caracteres`,
  dateInvalid: 'Data inválida.',
  expired: 'Validade vencida',
  notesMax: `Observações devem ter no máximo ${NOTES_MAX} caracteres`,
} as const;

const itemLineSchema = z.object({
  key: z.string(),
  productId: z.string().check(z.minLength(1)),
  productName: z.string(),
  barcode: z.nullable(z.string()),
  quantity: z.string().check(
    z.superRefine((text, ctx) => {
      const value = parseWholeNumber(text);
      const message =
        text.trim() === ''
          ? SHIPMENT_FORM_MESSAGES.quantityRequired
          : value === null
            ? SHIPMENT_FORM_MESSAGES.quantityInteger
            : value <= 0
              ? SHIPMENT_FORM_MESSAGES.quantityPositive
              : value > QUANTITY_MAX
                ? SHIPMENT_FORM_MESSAGES.quantityMax
                : null;
      if (message) ctx.issues.push({ code: 'custom', message, input: text });
    }),
  ),
  lot: z.string().check(z.maxLength(LOT_MAX, SHIPMENT_FORM_MESSAGES.lotMax)),
  expiryDate: z.string(),
});

/**
 * `today`: São Paulo's calendar day (yyyy-MM-dd). `scope`: the caller's units, or null for an
 * administrator (who may move goods between any two units).
 */
export function shipmentFormSchema({ today, scope }: { today: string; scope: readonly string[] | null }) {
  return z
    .object({
      originUnitId: z.string().check(z.minLength(1, SHIPMENT_FORM_MESSAGES.origin)),
      destinationUnitId: z.string().check(z.minLength(1, SHIPMENT_FORM_MESSAGES.destination)),
      notes: z.string().check(z.maxLength(NOTES_MAX, SHIPMENT_FORM_MESSAGES.notesMax)),
      items: z.array(itemLineSchema).check(z.minLength(1, SHIPMENT_FORM_MESSAGES.noItems)),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.originUnitId && values.originUnitId === values.destinationUnitId) {
          ctx.issues.push({ code: 'custom', message: SHIPMENT_FORM_MESSAGES.sameUnit, path: ['destinationUnitId'], input: values.destinationUnitId });
        }
        if (
          scope !== null &&
          values.originUnitId &&
          values.destinationUnitId &&
          !scope.includes(values.originUnitId) &&
          !scope.includes(values.destinationUnitId)
        ) {
          ctx.issues.push({ code: 'custom', message: SHIPMENT_FORM_MESSAGES.scope, path: ['originUnitId'], input: values.originUnitId });
        }
        values.items.forEach((line, index) => {
          if (line.expiryDate === '') return;
          if (!isValidDay(line.expiryDate)) {
            ctx.issues.push({ code: 'custom', message: SHIPMENT_FORM_MESSAGES.dateInvalid, path: ['items', index, 'expiryDate'], input: line.expiryDate });
          } else if (line.expiryDate < today) {
            ctx.issues.push({ code: 'custom', message: SHIPMENT_FORM_MESSAGES.expired, path: ['items', index, 'expiryDate'], input: line.expiryDate });
          }
        });
        for (const [index] of duplicateLines(values.items)) {
          const line = values.items[index];
          if (line) ctx.issues.push({ code: 'custom', message: duplicateLineMessage(line), path: ['items', index, 'lot'], input: line.lot });
        }
      }, { when: hasFormShape }),
    );
}

/** The cross-field checks run even while a field has its own error (all problems show at once), once the shape is right. */
function hasFormShape(payload: { value: unknown }): boolean {
  const value = payload.value as { originUnitId?: unknown; destinationUnitId?: unknown; items?: unknown } | null;
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof value.originUnitId === 'string' &&
    typeof value.destinationUnitId === 'string' &&
    Array.isArray(value.items) &&
    value.items.every((line: unknown) => {
      const item = line as { productId?: unknown; productName?: unknown; lot?: unknown; expiryDate?: unknown } | null;
      return item !== null && typeof item === 'object' && typeof item.productId === 'string' && typeof item.productName === 'string' && typeof item.lot === 'string' && typeof item.expiryDate === 'string';
    })
  );
}

export type ShipmentFormValues = z.input<ReturnType<typeof shipmentFormSchema>>;
export type ShipmentFormData = z.output<ReturnType<typeof shipmentFormSchema>>;

/** A blank form (origin: the caller's current unit when known). */
export function emptyShipmentForm(originUnitId: string | null = null): ShipmentFormValues {
  return { originUnitId: originUnitId ?? '', destinationUnitId: '', notes: '', items: [] };
}
