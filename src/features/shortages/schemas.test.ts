import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/form';
import { EMPTY_SHORTAGE_FORM, shortageFormSchema, toShortageWrite } from '@/features/shortages/schemas';

const valid = { ...EMPTY_SHORTAGE_FORM, productId: 'p1', requestedQuantity: ' 12 ', availableQuantity: '3', observation: '  urgente ' };

describe('shortageFormSchema', () => {
  it('accepts a complete form and converts it to the insert shape', () => {
    const result = validate(shortageFormSchema, valid);
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
    const result = validate(shortageFormSchema, { ...valid, observation: '   ' });
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
    const result = validate(shortageFormSchema, { ...valid, ...patch });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[field as keyof typeof result.errors]).toBe(message);
  });

  it('accepts zero available', () => {
    expect(validate(shortageFormSchema, { ...valid, availableQuantity: '0' }).success).toBe(true);
  });
});
