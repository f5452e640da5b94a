/** What /remessas, /nova-remessa and /editar-remessa/:id show and edit (the database contract of issue 15). */

import type { ShipmentDirection, ShipmentStatus } from '@/types/shipments';

export type {
  ShipmentDetail,
  ShipmentDirection,
  ShipmentDiscrepancy,
  ShipmentHistoryEntry,
  ShipmentItem,
  ShipmentPage,
  ShipmentRow,
  ShipmentStatus,
} from '@/types/shipments';

/** A unit as the screens name it. */
export interface UnitOption {
  id: string;
  name: string;
}

/** The list's filters, all applied by list_shipments. */
export interface ShipmentListFilters {
  direction: ShipmentDirection | null;
  unitId: string | null;
  status: ShipmentStatus | null;
  /** yyyy-MM-dd (São Paulo creation day), inclusive. */
  from: string | null;
  to: string | null;
  search: string;
}

/** A catalogue product offered to the items (name search or scanned barcode). */
export interface ProductOption {
  id: string;
  name: string;
  barcode: string | null;
}

/** What /nova-remessa?origem=…&destino=…&produto=…&quantidade=… fills in. */
export interface ShipmentPrefill {
  originUnitId: string | null;
  destinationUnitId: string | null;
  productId: string | null;
  quantity: number | null;
}

/** The signed-in user as these screens need it (composed by the route; the database decides again). */
export interface ShipmentViewer {
  isAdmin: boolean;
  /** Current unit + assigned units (every unit for an administrator). */
  units: readonly UnitOption[];
  currentUnitId: string | null;
}
