import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { catalogErrorMessage, productMessages } from '@/features/products/messages';
import { RECORD_DELETE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';

/**
 * Deletes a product by id. shortages.product_id references products with the default `on delete no action`,
 * so the database refuses the delete (23503, checked at the end of the statement) while any shortage references it.
 */
export async function deleteProduct({ id }: { id: string; name: string }): Promise<void> {
  const { error } = await supabase.from('products').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

function isReferencedByShortages(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'code' in error && error.code === '23503';
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, { name }) => toast({ title: productMessages.productDeleted(name) }),
    onError: (error) =>
      isReferencedByShortages(error)
        ? toast({ title: productMessages.productDeleteRefused, description: productMessages.productDeleteRefusedDetail, variant: 'destructive' })
        : toast({ title: RECORD_DELETE_ERROR, description: catalogErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
