import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { catalogErrorMessage, productMessages } from '@/features/products/messages';
import { supabase } from '@/lib/supabase';
import { categoryKeys } from '@/features/products/api/keys';
import type { Category } from '@/features/products/types';

export interface CreateCategoryInput {
  name: string;
  description: string;
}

/** Inserts a category {name, description}. */
export async function createCategory(input: CreateCategoryInput): Promise<Category> {
  const { data, error } = await supabase
    .from('categories')
    .insert({ name: input.name, description: input.description || null })
    .select('id, name, description')
    .single();
  if (error) throw error;
  return data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => toast({ title: productMessages.categoryCreated(category.name) }),
    onError: (error) => toast({ title: productMessages.categoryCreateError, description: catalogErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
