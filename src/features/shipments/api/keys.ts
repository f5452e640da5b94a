import { queryKeyRoots } from '@/lib/query-keys';
import type { ShipmentListFilters } from '@/features/shipments/types';

/** Query keys of /remessas, /nova-remessa and /editar-remessa (one factory; every queryFn variable is in its key). */
export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (filters: ShipmentListFilters, page: number) => [...shipmentKeys.lists(), filters, page] as const,
  details: () => [...shipmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...shipmentKeys.details(), id] as const,
  transferUnits: (productId: string) => [...shipmentKeys.all, 'transfer-units', productId] as const,
  /** Under the shared products root: a product created or renamed on /produtos refreshes these lookups. */
  productSearch: (term: string) => [...queryKeyRoots.products, 'shipment-search', term] as const,
  productByBarcode: (barcode: string) => [...queryKeyRoots.products, 'shipment-barcode', barcode] as const,
  product: (id: string) => [...queryKeyRoots.products, 'shipment-product', id] as const,
};

/** Mutation keys of the shipment writes (src/app/freshness.ts may refresh other features' caches after them). */
export const shipmentMutations = {
  save: ['shipments', 'mutation', 'save'] as const,
  dispatch: ['shipments', 'mutation', 'dispatch'] as const,
  saveAndDispatch: ['shipments', 'mutation', 'save-and-dispatch'] as const,
  remove: ['shipments', 'mutation', 'delete'] as const,
};
