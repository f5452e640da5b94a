import type { Database } from '@/types/database.types';

/** Derived situation of a boleto (list_boletos): 'vencido' is never stored, it is computed in São Paulo. */
export type BoletoSituation = 'A_VENCER' | 'VENCE_HOJE' | 'VENCIDO' | 'PAGO' | 'CANCELADO';
export type BoletoStatus = 'PENDENTE' | 'PAGO' | 'CANCELADO';
export type BoletoAlert = 'CODIGO_DUPLICADO' | 'POSSIVEL_DUPLICADO' | 'BANCO_DIVERGENTE';

/** Filters of the list as they live in the URL (all optional). */
export interface BoletoListFilters {
  unitId: string | null;
  supplierId: string | null;
  /** One of list_boletos' p_situation values: PENDENTE, A_VENCER, VENCE_HOJE, VENCIDO, PAGO, CANCELADO. */
  situation: 'PENDENTE' | BoletoSituation | null;
  dueFrom: string | null;
  dueTo: string | null;
  search: string;
  sort: 'due_asc' | 'due_desc' | 'amount_desc' | 'created_desc';
}

/** One row of list_boletos. */
export interface BoletoRow {
  id: string;
  unit_id: string;
  unit_name: string;
  supplier_id: string | null;
  supplier_name: string | null;
  supplier_cnpj: string | null;
  beneficiary: string | null;
  kind: 'BANCARIO' | 'ARRECADACAO';
  barcode: string;
  linha_digitavel: string;
  bank_code: string | null;
  amount: number;
  due_date: string;
  issue_date: string | null;
  document_number: string | null;
  notes: string | null;
  status: BoletoStatus;
  situation: BoletoSituation;
  paid_at: string | null;
  paid_amount: number | null;
  payment_account: string | null;
  alerts: BoletoAlert[];
  created_at: string;
  attachments: number;
}

export interface BoletoPage {
  today: string;
  total: number;
  total_amount: number;
  rows: BoletoRow[];
}

export type BoletoTableRow = Database['public']['Tables']['boletos']['Row'];
