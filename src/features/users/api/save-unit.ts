import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { onlyDigits } from '@/lib/br-documents';
import { RECORD_CREATE_ERROR, RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';
import type { UnitFormData } from '@/features/users/schemas';

/** Creates (unitId null) or renames / readdresses a unit. */
export async function saveUnit({ unitId, values }: { unitId: string | null; values: UnitFormData }): Promise<void> {
  const row = { name: values.name, address: values.address || null, legal_name: values.legalName || null, cnpj: onlyDigits(values.cnpj) || null };
  const { error } = unitId
    ? await supabase.from('store_units').update(row).eq('id', unitId).select('id').single()
    : await supabase.from('store_units').insert(row).select('id').single();
  if (error) throw error;
}

export function useSaveUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.saveUnit,
    mutationFn: saveUnit,
    onSuccess: (_result, { unitId, values }) => toast({ title: (unitId ? userMessages.unitUpdated : userMessages.unitCreated)(values.name.trim()) }),
    onError: (error, { unitId }) => toast({ title: unitId ? RECORD_UPDATE_ERROR : RECORD_CREATE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.catalog() }),
  });
}
