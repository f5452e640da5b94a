import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { onlyDigits } from '@/lib/br-documents';
import { supabase } from '@/lib/supabase';
import { toEmployeeRecord } from '@/features/users/api/get-employee-record';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';
import type { EmployeeRecord } from '@/features/users/types';

export interface EmployeeRecordInput {
  userId: string;
  /** null keeps the CPF on file (a manager who sees it masked), '' removes it, otherwise the new CPF (punctuation allowed). */
  cpf: string | null;
  admissionDate: string;
  jobTitle: string;
}

/** set_employee_record: the three fields at once; blank admission date and job title are cleared. */
export async function setEmployeeRecord(input: EmployeeRecordInput): Promise<EmployeeRecord> {
  const { data, error } = await supabase.rpc('set_employee_record', {
    p_user_id: input.userId,
    // The generated types cannot say "null keeps it": the RPC's comment does.
    p_cpf: (input.cpf === null ? null : onlyDigits(input.cpf)) as string,
    p_admission_date: (input.admissionDate || null) as string,
    p_job_title: (input.jobTitle.trim() || null) as string,
  });
  if (error) throw error;
  return toEmployeeRecord(data);
}

/** Saved after the account (create or update): the account's toast says it was saved; a refusal here says why. */
export function useSetEmployeeRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.setEmployeeRecord,
    mutationFn: setEmployeeRecord,
    onSuccess: (record) => queryClient.setQueryData(userAdminKeys.employeeRecord(record.userId), record),
    onError: (error) => toast({ title: userMessages.employeeRecordSaveError, description: usersErrorMessage(error), variant: 'destructive' }),
  });
}
