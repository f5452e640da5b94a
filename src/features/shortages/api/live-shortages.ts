import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { shortageKeys } from '@/features/shortages/api/keys';

/**
 * Keeps the open shortage lists and counts live: a shortage another clerk of the unit registers, or a buyer's
 * batch action moves, shows without a reload. A refetch already under way is not restarted.
 */
export function useLiveShortages(): void {
  const queryClient = useQueryClient();
  useTableChanges('shortages', ['shortages'], () => void queryClient.invalidateQueries({ queryKey: shortageKeys.all }, { cancelRefetch: false }));
}
