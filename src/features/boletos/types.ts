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

/** The other boleto with the same code, not cancelled, anywhere in the chain (a paid one first). */
export interface BoletoTwin {
  /** Null when it is in a unit the caller does not work in. */
  id: string | null;
  unit_name: string;
  status: 'PENDENTE' | 'PAGO';
  due_date: string;
  amount: number;
  paid_at: string | null;
  paid_amount: number | null;
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
  /** Why this code was entered again (required by the database when it had a twin). */
  duplicate_reason: string | null;
  twin: BoletoTwin | null;
}

export interface BoletoPage {
  today: string;
  total: number;
  total_amount: number;
  rows: BoletoRow[];
}

export type BoletoTableRow = Database['public']['Tables']['boletos']['Row'];
