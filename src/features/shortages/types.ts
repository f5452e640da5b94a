export const SHORTAGE_STATUSES = ['PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE'] as const;
export type ShortageStatus = (typeof SHORTAGE_STATUSES)[number];

/** A status column (text with a check constraint) as the union; an unknown value is schema drift, refused. */
export function shortageStatusOf(value: string): ShortageStatus {
  if (!(SHORTAGE_STATUSES as readonly string[]).includes(value)) throw new Error(`Unexpected shortage status ${value}`);
  return value as ShortageStatus;
}

export const STATUS_LABELS: Record<ShortageStatus, string> = {
  PENDENTE: 'Pendente',
  LOTE_CRIADO: 'Lote criado',
  EM_COTACAO: 'Em cotação',
  COTACAO_FINALIZADA: 'Cotação finalizada',
  PEDIDO_ENVIADO: 'Pedido enviado',
  ENTREGUE: 'Entregue',
};

/** Badge colours per status (light and dark themes). */
export const STATUS_BADGE_CLASSES: Record<ShortageStatus, string> = {
  PENDENTE: 'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  LOTE_CRIADO: 'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200',
  EM_COTACAO: 'border-violet-300 bg-violet-100 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200',
  COTACAO_FINALIZADA: 'border-indigo-300 bg-indigo-100 text-indigo-900 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
  PEDIDO_ENVIADO: 'border-teal-300 bg-teal-100 text-teal-900 dark:border-teal-700 dark:bg-teal-950 dark:text-teal-200',
  ENTREGUE: 'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
};

export interface ShortageProduct {
  id: string;
  name: string;
  barcode: string | null;
  description: string | null;
  /** The product's first linked category, used to preselect the group. */
  groupId: string | null;
}

/** A shortage as the list shows it (spec §3 "Shortage"). */
export interface Shortage {
  id: string;
  product_id: string;
  unit_id: string;
  requested_quantity: number;
  available_quantity: number;
  status: ShortageStatus;
  created_at: string;
  created_by: string;
  group_id: string | null;
  batch_id: string | null;
  observation: string | null;
  product: { id: string; name: string; barcode: string | null; description: string | null } | null;
  groupName: string | null;
  unitName: string | null;
  creatorName: string;
}

export interface ShortageGroup {
  id: string;
  name: string;
}

/** The signed-in user's context for this screen (composed in the route). */
export interface ShortageUser {
  id: string;
  unitId: string | null;
  unitName: string | null;
  isAdmin: boolean;
}

export interface ShortageUnit {
  id: string;
  name: string;
}

/** The list's filters, all applied by the database (search_shortages / count_shortages). */
export interface ShortageFilters {
  status: ShortageStatus | 'ALL';
  /** yyyy-MM-dd in São Paulo, inclusive; '' for open */
  from: string;
  to: string;
  /** Words matched in the product name, barcode (prefix) or observation; '' for none. */
  text: string;
  /** Admins only: one unit, or null for every unit (others always get their own unit). */
  unitId: string | null;
}

export const EMPTY_SHORTAGE_FILTERS: ShortageFilters = { status: 'ALL', from: '', to: '', text: '', unitId: null };
