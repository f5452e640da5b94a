import type { ShipmentStatus, SignatureListFilters } from '@/features/shipment-signatures/types';

/** Query keys of /assinatura-remessas (one factory; every queryFn variable is in its key). */
export const shipmentSignatureKeys = {
  all: ['shipment-signatures'] as const,
  lists: () => [...shipmentSignatureKeys.all, 'list'] as const,
  list: (status: ShipmentStatus, filters: SignatureListFilters, page: number, pageSize: number) =>
    [...shipmentSignatureKeys.lists(), status, filters, page, pageSize] as const,
  shipments: () => [...shipmentSignatureKeys.all, 'shipment'] as const,
  shipment: (shipmentId: string) => [...shipmentSignatureKeys.shipments(), shipmentId] as const,
  evidence: (shipmentId: string) => [...shipmentSignatureKeys.all, 'evidence', shipmentId] as const,
  settings: () => [...shipmentSignatureKeys.all, 'settings'] as const,
  units: (userId: string, isAdmin: boolean, currentUnitId: string | null) => [...shipmentSignatureKeys.all, 'units', userId, isAdmin, currentUnitId] as const,
};

/** Mutation keys of /assinatura-remessas: a link's creation or revocation changes what /remessas lists (link_expires_at). */
export const shipmentSignatureMutations = {
  createLink: ['shipment-signatures', 'mutation', 'create-link'] as const,
  revokeLink: ['shipment-signatures', 'mutation', 'revoke-link'] as const,
  setLinkHours: ['shipment-signatures', 'mutation', 'set-link-hours'] as const,
};
