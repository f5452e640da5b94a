import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { catalogErrorMessage, productMessages } from '@/features/products/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';
import type { ProductFormData } from '@/features/products/schemas';

export interface UpdateProductInput {
  id: string;
  previousGroupId: string | null;
  values: ProductFormData;
}

/** Updates the product by id, then moves it to the chosen group when the group changed. */
export async function updateProduct({ id, previousGroupId, values }: UpdateProductInput): Promise<void> {
  const { error } = await supabase
    .from('products')
    .update({ barcode: values.barcode || null, name: values.name, description: values.description || null })
    .eq('id', id)
    .select('id')
    .single();
  if (error) throw error;
  if (values.groupId === previousGroupId) return;
  // Link the new group before unlinking the old one: a failed link leaves the product in its old group.
  if (values.groupId) {
    const link = await supabase.from('product_categories').insert({ product_id: id, category_id: values.groupId });
    if (link.error) throw link.error;
  }
  let unlink = supabase.from('product_categories').delete().eq('product_id', id);
  if (values.groupId) unlink = unlink.neq('category_id', values.groupId);
  const { error: unlinkError } = await unlink;
  if (unlinkError) throw unlinkError;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (_result, { values }) => toast({ title: productMessages.productUpdated(values.name) }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: catalogErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
