import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { userAdminKeys } from '@/features/users/api/keys';
import type { EmployeeRecord } from '@/features/users/types';

/** get_employee_record / set_employee_record's answer: the CPF whole, or masked ('***.456.789-**') with cpf_masked. */
export const employeeRecordSchema = z.object({
  user_id: z.string(),
  cpf: z.nullable(z.string()),
  cpf_masked: z.boolean(),
  admission_date: z.nullable(z.string()),
  job_title: z.nullable(z.string()),
});

export function toEmployeeRecord(data: unknown): EmployeeRecord {
  const r = z.parse(employeeRecordSchema, data);
  return { userId: r.user_id, cpf: r.cpf, cpfMasked: r.cpf_masked, admissionDate: r.admission_date, jobTitle: r.job_title };
}

/** An employee's CPF, admission date and job title for the user dialog (nulls when none was entered yet). */
export async function getEmployeeRecord(userId: string, signal?: AbortSignal): Promise<EmployeeRecord> {
  let call = supabase.rpc('get_employee_record', { p_user_id: userId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return toEmployeeRecord(data);
}

export function employeeRecordQueryOptions(userId: string) {
  return queryOptions({ queryKey: userAdminKeys.employeeRecord(userId), queryFn: ({ signal }) => getEmployeeRecord(userId, signal), staleTime: 0 });
}

export function useEmployeeRecord(userId: string | null) {
  return useQuery({ ...employeeRecordQueryOptions(userId ?? ''), enabled: userId !== null });
}
