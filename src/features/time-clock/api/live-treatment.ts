import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/**
 * Requests and adjustments as they happen (both tables are published, RLS per subscriber): a new request reaches the
 * administrator's 'Solicitações' and its badge, a decision reaches the employee's /meu-ponto, without a reload.
 */
export function useLiveTreatment(): void {
  const queryClient = useQueryClient();
  // Every event: a decision is an UPDATE of the request; an adjustment (an approval's among them) changes the month's figures.
  useTableChanges('ponto-treatment', ['ponto_solicitacoes', 'ponto_ajustes'], () => {
    void queryClient.invalidateQueries({ queryKey: timeClockKeys.treatment() }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: [...timeClockKeys.all, 'timesheet'] }, { cancelRefetch: false });
  });
}
