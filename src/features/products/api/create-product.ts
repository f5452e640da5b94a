import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { catalogErrorMessage, productMessages } from '@/features/products/messages';
import { RECORD_CREATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';
import type { ProductFormData } from '@/features/products/schemas';

/**
 * Inserts {barcode, name, description}, then links the chosen group (product_categories), the two calls
 * of spec §7. If the link fails (the group was deleted meanwhile, say) the new product is removed again,
 * so a failed save leaves no groupless product behind and the form can simply be submitted again.
 */
export async function createProduct(input: ProductFormData): Promise<string> {
  const { data, error } = await supabase
    .from('products')
    .insert({ barcode: input.barcode || null, name: input.name, description: input.description || null })
    .select('id')
    .single();
  if (error) throw error;
  if (input.groupId) {
    const link = await supabase.from('product_categories').insert({ product_id: data.id, category_id: input.groupId });
    if (link.error) {
      await supabase.from('products').delete().eq('id', data.id);
      throw link.error;
    }
  }
  return data.id;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (_id, values) => toast({ title: productMessages.productCreated(values.name) }),
    onError: (error) => toast({ title: RECORD_CREATE_ERROR, description: catalogErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
