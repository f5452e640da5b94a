/**
 * The measures get_boletos_report computes per scope (each as an amount and a count of boletos).
 * Every pending boleto is in exactly one of overdue, due_today, next_30 and after_30 (next_7 is part
 * of next_30; overdue is split by age): those four add up to pending.
 */
export const MEASURE_KEYS = [
  'pending',
  'due_today',
  'next_7',
  'next_30',
  'after_30',
  'overdue',
  'overdue_1_7',
  'overdue_8_30',
  'overdue_over_30',
  'paid',
] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

export interface Measure {
  /** Reais (pending amounts for the due buckets, paid amounts for `paid`). */
  amount: number;
  count: number;
}

export type Measures = Record<MeasureKey, Measure>;

/** One line of 'Por unidade' or 'Por fornecedor'. */
export interface ReportLine {
  /** The unit id, or the payee's name (the report groups payees by name). */
  key: string;
  name: string;
  measures: Measures;
}

/** One day of the due-date calendar (today − 30 … today + 60). */
export interface TimelineDay {
  /** yyyy-MM-dd */
  date: string;
  amount: number;
  count: number;
}

/** get_boletos_report, typed: São Paulo days as yyyy-MM-dd, nulls as zeros. */
export interface BoletoReport {
  today: string;
  paidFrom: string;
  paidTo: string;
  totals: Measures;
  byUnit: ReportLine[];
  bySupplier: ReportLine[];
  timeline: TimelineDay[];
  /** Codes entered more than once of which at least one is paid: a payment made twice, or about to be. */
  duplicateCodes: DuplicateCode[];
}

/** One boleto of a code entered twice. */
export interface DuplicateCodeBoleto {
  id: string;
  unitName: string;
  payee: string;
  status: 'PENDENTE' | 'PAGO';
  dueDate: string;
  amount: number;
  paidAt: string | null;
  paidAmount: number | null;
  duplicateReason: string | null;
}

export interface DuplicateCode {
  linhaDigitavel: string;
  boletos: DuplicateCodeBoleto[];
}

/** The report's filters as they live in the URL (null: all units, all suppliers, the default period). */
export interface ReportFilters {
  unitId: string | null;
  supplierId: string | null;
  /** yyyy-MM-dd; null is the first day of the current month (the database decides). */
  paidFrom: string | null;
  /** yyyy-MM-dd; null is today (the database decides). */
  paidTo: string | null;
}

/** Who asks for the unit list: administrators choose among all units, others among their own. */
export interface UnitScope {
  userId: string;
  unitId: string | null;
  isAdmin: boolean;
}

export interface Option {
  id: string;
  name: string;
}

export type ReportTableKind = 'unit' | 'supplier';
