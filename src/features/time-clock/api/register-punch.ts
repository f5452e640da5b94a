import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { readDeviceToken } from '@/features/time-clock/device-token';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { punchReceiptSchema } from '@/features/time-clock/schemas';
import type { PunchReceipt } from '@/features/time-clock/types';

/** register_punch from this browser's device token; the server decides the time and the type. */
export async function registerPunch(): Promise<PunchReceipt> {
  const { data, error } = await supabase.rpc('register_punch', { p_device_token: readDeviceToken() ?? '' });
  if (error) throw error;
  const r = punchReceiptSchema.parse(data);
  return {
    id: r.id,
    nsr: r.nsr,
    punchType: r.punch_type,
    punchedAt: r.punched_at,
    receiptHash: r.receipt_hash,
    workDate: r.work_date,
    employeeName: r.employee_name,
    unitName: r.unit_name,
    unitAddress: r.unit_address,
    employerName: r.employer_name,
    cnpj: r.cnpj,
    cpf: r.cpf,
    ipAddress: r.ip_origem,
    outsideUnit: r.fora_da_unidade,
    repeated: r.repeated,
  };
}

export function useRegisterPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.registerPunch,
    mutationFn: registerPunch,
    // Never a silent loss: the reason (or that the network failed and nothing was registered) is said.
    onError: (error) => toast({ title: timeClockMessages.punchError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
