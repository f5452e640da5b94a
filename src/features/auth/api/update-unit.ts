import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';

export interface UpdateUnitInput {
  userId: string;
  unitId: string | null;
  /** For the confirmation toast. */
  unitName: string | null;
}

/** Changes the signed-in user's own unit (profiles.unit_id). */
export async function updateUnit({ userId, unitId }: UpdateUnitInput): Promise<void> {
  const { error } = await supabase.from('profiles').update({ unit_id: unitId }).eq('id', userId).select('id').single();
  if (error) throw error;
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    onSuccess: async (_data, input) => {
      toast({ title: 'Unidade atualizada', description: `Você está agora associado à ${input.unitName ?? 'nenhuma unidade'}` });
      await queryClient.invalidateQueries({ queryKey: authKeys.sessionUser(input.userId) });
    },
    onError: () => {
      toast({ title: 'Erro ao atualizar unidade', variant: 'destructive' });
    },
  });
}
