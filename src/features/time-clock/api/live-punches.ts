import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/**
 * Spec §7: the channel on inserts to pontos filtered by funcionario_id — a punch from the store computer updates the
 * home card at once (marks are never changed or deleted: inserts are all there is).
 */
export function useLivePunches(userId: string): void {
  const queryClient = useQueryClient();
  useTableChanges('pontos', ['pontos'], () => void queryClient.invalidateQueries({ queryKey: timeClockKeys.today(userId) }, { cancelRefetch: false }), 400, `funcionario_id=eq.${userId}`, 'INSERT');
}
