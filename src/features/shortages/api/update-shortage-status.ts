import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import { settleUpdatedShortage, updateShortage } from '@/features/shortages/api/update-shortage';
import type { ShortageStatus } from '@/features/shortages/types';

/** Moves one shortage to another status (the database's guard trigger allows only the spec's transitions). */
export function useUpdateShortageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shortageMutations.updateStatus,
    mutationFn: ({ id, status }: { id: string; status: ShortageStatus }) => updateShortage({ id, values: { status } }),
    onSuccess: (row, { status }) => {
      toast({ title: shortageMessages.shortageUpdated });
      return settleUpdatedShortage(queryClient, row, { status });
    },
    onError: (error) => {
      toast({ title: shortageMessages.shortageStatusError, description: shortageErrorMessage(error), variant: 'destructive' });
      return queryClient.invalidateQueries({ queryKey: shortageKeys.all });
    },
  });
}
