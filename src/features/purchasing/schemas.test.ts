import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { batchQuantityFormSchema, createBatchFormSchema, generateOrdersFormSchema, renameBatchFormSchema } from '@/features/purchasing/schemas';

function firstMessage(schema: z.ZodMiniType, values: unknown): string | undefined {
  const result = z.safeParse(schema, values);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('purchasing form schemas', () => {
  it('a batch name is required to rename, trimmed, at most 120 characters', () => {
    expect(z.parse(renameBatchFormSchema, { name: '  Lote Semanal  ' })).toEqual({ name: 'Lote Semanal' });
    expect(firstMessage(renameBatchFormSchema, { name: '   ' })).toBe('Informe o nome do lote.');
    expect(firstMessage(renameBatchFormSchema, { name: 'x'.repeat(121) })).toBe('O nome do lote deve ter no máximo 120 caracteres.');
  });

  it('a new batch needs at least one shortage; its name may be blank', () => {
    expect(z.parse(createBatchFormSchema, { name: '  ', shortageIds: ['s1'] })).toEqual({ name: '', shortageIds: ['s1'] });
    expect(firstMessage(createBatchFormSchema, { name: 'Lote', shortageIds: [] })).toBe('Selecione ao menos um item para criar o lote.');
  });

  it('the quantity for every item is a whole number above zero, thousands dots allowed', () => {
    expect(z.parse(batchQuantityFormSchema, { quantity: '1.200' })).toEqual({ quantity: 1200 });
    expect(z.parse(batchQuantityFormSchema, { quantity: ' 7 ' })).toEqual({ quantity: 7 });
    for (const quantity of ['', '0', '-2', '1,5', 'dez', '99999999999'])
      expect(firstMessage(batchQuantityFormSchema, { quantity }), quantity).toBe('Informe um número inteiro maior que zero.');
  });

  it('the delivery date is optional and otherwise a calendar day', () => {
    expect(firstMessage(generateOrdersFormSchema, { deliveryDate: '' })).toBeUndefined();
    expect(firstMessage(generateOrdersFormSchema, { deliveryDate: '2026-12-01' })).toBeUndefined();
    expect(firstMessage(generateOrdersFormSchema, { deliveryDate: '01/12/2026' })).toBe('Informe uma data de entrega válida.');
  });

  it('every line below the supplier minimum needs an explicit choice: raise it or keep it', () => {
    const choices = (choice: string) => ({ deliveryDate: '', minimumChoices: [{ shortageId: 's1', choice: 'raise' }, { shortageId: 's2', choice }] });
    expect(firstMessage(generateOrdersFormSchema, choices('keep'))).toBeUndefined();
    expect(firstMessage(generateOrdersFormSchema, choices('raise'))).toBeUndefined();
    for (const choice of ['', 'elevar'])
      expect(firstMessage(generateOrdersFormSchema, choices(choice)), choice).toBe('Escolha entre elevar à quantidade mínima ou manter a quantidade solicitada.');
  });
});
