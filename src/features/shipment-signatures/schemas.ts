/** The zod schemas of /assinatura-remessas: its form, and the payloads of its own RPCs (the shared ones are in src/types/shipments.ts). */
import * as z from 'zod/mini';
import { shipmentDiscrepancySchema, shipmentItemSchema, shipmentSummarySchema } from '@/types/shipments';
import { LINK_HOURS_MAX, LINK_HOURS_MIN } from '@/features/shipment-signatures/logic';
import type { CreatedSignatureLink, ShipmentEvidence, SignatureSettings } from '@/features/shipment-signatures/types';

export const linkHoursSchema = z.object({
  hours: z.string().check(
    z.trim(),
    z.regex(/^\d{1,4}$/, 'Informe um número inteiro de horas.'),
    z.refine((value) => Number(value) >= LINK_HOURS_MIN && Number(value) <= LINK_HOURS_MAX, `Use de ${LINK_HOURS_MIN} a ${LINK_HOURS_MAX} horas (30 dias).`),
  ),
});
export type LinkHoursValues = z.output<typeof linkHoursSchema>;

// ---------------------------------------------------------------------------
// RPC payloads (each checked against its type: a drift fails the typecheck)

/** create_signature_link's payload. */
export const createdLinkSchema: z.ZodMiniType<CreatedSignatureLink> = z.object({ token: z.string(), expires_at: z.string() });

/** get_signature_settings' payload: null for a caller without access to the back office. */
export const settingsSchema: z.ZodMiniType<SignatureSettings | null> = z.nullable(z.object({ signature_link_hours: z.number() }));

/** get_shipment_evidence's payload (a drift from the type fails the typecheck). */
export const evidenceSchema: z.ZodMiniType<ShipmentEvidence> = z.object({
  shipment: shipmentSummarySchema,
  items: z.array(shipmentItemSchema),
  signature: z.object({
    signer_name: z.string(),
    signer_document_masked: z.string(),
    signed_at: z.string(),
    ip_address: z.nullable(z.string()),
    declared_ips: z.nullable(z.string()),
    user_agent: z.nullable(z.string()),
    content_hash: z.string(),
    acceptance_text: z.string(),
    signature_png: z.string(),
    discrepancies: z.array(shipmentDiscrepancySchema),
    signed_on_sender_device: z.boolean(),
    signed_from_sender_address: z.boolean(),
  }),
  verification: z.object({ current_hash: z.string(), valid: z.boolean() }),
});
