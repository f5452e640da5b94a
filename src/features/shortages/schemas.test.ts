import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EMPTY_SHORTAGE_FORM, shortageFormSchema, toShortageWrite } from '@/features/shortages/schemas';

/** The schema's verdict as the form shows it: the parsed data, or the first message of each field. */
function validate(values: unknown) {
  const result = z.safeParse(shortageFormSchema, values);
  if (result.success) return { success: true as const, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { success: false as const, errors };
}

const valid = { ...EMPTY_SHORTAGE_FORM, productId: 'p1', requestedQuantity: ' 12 ', availableQuantity: '3', observation: '  urgente ' };

describe('shortageFormSchema', () => {
  it('accepts a complete form and converts it to the insert shape', () => {
    const result = validate(valid);
    expect(result.success).toBe(true);
    if (result.success) {
      expect(toShortageWrite(result.data)).toEqual({
        product_id: 'p1',
        requested_quantity: 12,
        available_quantity: 3,
        group_id: null,
        observation: 'urgente',
      });
    }
  });

  it('stores a blank observation as null', () => {
    const result = validate({ ...valid, observation: '   ' });
    expect(result.success && toShortageWrite(result.data).observation).toBeNull();
  });

  it.each([
    [{ productId: '' }, 'productId', 'Selecione um produto'],
    [{ requestedQuantity: '0' }, 'requestedQuantity', 'A quantidade solicitada deve ser maior que zero'],
    [{ requestedQuantity: '' }, 'requestedQuantity', 'Informe a quantidade solicitada (número inteiro)'],
    [{ requestedQuantity: '1.5' }, 'requestedQuantity', 'Informe a quantidade solicitada (número inteiro)'],
    [{ requestedQuantity: '-3' }, 'requestedQuantity', 'Informe a quantidade solicitada (número inteiro)'],
    [{ availableQuantity: '-1' }, 'availableQuantity', 'A quantidade disponível deve ser um número inteiro maior ou igual a zero'],
    [{ availableQuantity: 'abc' }, 'availableQuantity', 'A quantidade disponível deve ser um número inteiro maior ou igual a zero'],
    [{ requestedQuantity: '99999999999' }, 'requestedQuantity', 'Quantidade muito grande'],
  ])('rejects %j', (patch, field, message) => {
    const result = validate({ ...valid, ...patch });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[field]).toBe(message);
  });

  it('accepts zero available', () => {
    expect(validate({ ...valid, availableQuantity: '0' }).success).toBe(true);
  });
});
