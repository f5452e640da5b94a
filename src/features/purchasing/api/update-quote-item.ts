import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Quote, QuoteItemValues } from '@/features/purchasing/types';

const optionalText = z.nullable(z.string().check(z.maxLength(200, 'Use no máximo 200 caracteres.')));

/** What a quote item may hold (the database enforces the same checks). */
export const quoteItemValuesSchema = z.object({
  unitPrice: z.nullable(z.number('Preço inválido.').check(z.gte(0, 'O preço não pode ser negativo.'), z.lt(1e8, 'Preço muito alto.'))),
  minimumQuantity: z.nullable(z.number('Quantidade inválida.').check(z.int('Use um número inteiro.'), z.gte(0, 'A quantidade mínima não pode ser negativa.'))),
  wantsSubstitute: z.boolean(),
  substituteProductName: optionalText,
  substituteManufacturer: optionalText,
  hasBonus: z.boolean(),
  bonusProductName: optionalText,
  bonusManufacturer: optionalText,
  bonusExpiryDate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de validade inválida.'))),
  bonusQuantity: z.number('Quantidade inválida.').check(z.int('Use um número inteiro.'), z.positive('A quantidade da bonificação deve ser maior que zero.')),
});

export interface UpdateQuoteItemInput {
  quoteId: string;
  shortageId: string;
  values: QuoteItemValues;
}

function blankToNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Updates one item by quote_id and shortage_id; an empty bonus expiry date is stored as null (spec §5). */
export async function updateQuoteItem({ quoteId, shortageId, values }: UpdateQuoteItemInput): Promise<true> {
  const v = quoteItemValuesSchema.parse(values);
  const { error } = await supabase
    .from('quote_items')
    .update({
      unit_price: v.unitPrice,
      minimum_quantity: v.minimumQuantity,
      wants_substitute: v.wantsSubstitute,
      substitute_product_name: v.wantsSubstitute ? blankToNull(v.substituteProductName) : null,
      substitute_manufacturer: v.wantsSubstitute ? blankToNull(v.substituteManufacturer) : null,
      has_bonus: v.hasBonus,
      bonus_product_name: v.hasBonus ? blankToNull(v.bonusProductName) : null,
      bonus_manufacturer: v.hasBonus ? blankToNull(v.bonusManufacturer) : null,
      bonus_expiry_date: v.hasBonus ? blankToNull(v.bonusExpiryDate) : null,
      bonus_quantity: v.hasBonus ? v.bonusQuantity : 1,
    })
    .eq('quote_id', quoteId)
    .eq('shortage_id', shortageId)
    .select('id')
    .single();
  if (error) throw error;
  return true;
}

/** Autosave: errors show the generic UPDATE notification; success is shown inline (saved indicator). */
export function useUpdateQuoteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuoteItem,
    onSuccess: (_data, input) =>
      queryClient.setQueryData<Quote[]>(purchasingKeys.quoteList(), (quotes) =>
        quotes?.map((quote) =>
          quote.id !== input.quoteId
            ? quote
            : { ...quote, items: quote.items.map((item) => (item.shortageId === input.shortageId ? { ...item, ...input.values } : item)) },
        ),
      ),
    onError: (error) =>
      toast({
        title: RECORD_UPDATE_ERROR,
        description: purchasingErrorMessage(error, 'A cotação não pode mais ser alterada.'),
        variant: 'destructive',
      }),
  });
}
