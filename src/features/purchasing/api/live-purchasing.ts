import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/**
 * Keeps the purchasing screens live: a representative's quote reaches the buyer's batch list and comparison,
 * a batch the buyer sends, finishes or deletes reaches the representatives' lists, and new pending shortages
 * reach the buyer's batch dialogs. Only the queries on screen refetch; one under way is not restarted.
 */
export function useLivePurchasing(): void {
  const queryClient = useQueryClient();
  useTableChanges('purchasing', ['quote_batches', 'quotes', 'shortages'], () => void queryClient.invalidateQueries({ queryKey: purchasingKeys.all }, { cancelRefetch: false }));
}
