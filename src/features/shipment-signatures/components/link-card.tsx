import { useEffect, useRef, useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSignatureShipment } from '@/features/shipment-signatures/api/get-shipment';
import { LinkManager } from '@/features/shipment-signatures/components/link-manager';
import { shipmentNumber } from '@/features/shipment-signatures/logic';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import type { CreatedSignatureLink } from '@/features/shipment-signatures/types';
import { useNow } from '@/features/shipment-signatures/use-now';

interface SignatureLinkCardProps {
  shipmentId: string;
  /** The receiver signed while the card was open (the screen around it refreshes what it shows). */
  onSigned?: () => void;
}

/**
 * The signing link of one dispatched shipment, outside /assinatura-remessas (the edit screen right after
 * 'Salvar e despachar'): the same LinkManager, on this feature's own read of the shipment, which is
 * re-read while a link is out, so a signature made meanwhile is noticed. Nothing when the caller may not
 * make links for it or it is no longer awaiting a signature (create_signature_link decides again).
 */
export function SignatureLinkCard({ shipmentId, onSigned }: SignatureLinkCardProps) {
  const shipment = useSignatureShipment(shipmentId);
  const now = useNow();
  // The token made here: shown this once, forgotten when the card goes.
  const [fresh, setFresh] = useState<CreatedSignatureLink | null>(null);
  const data = shipment.data;
  const status = data?.status;
  const previousStatus = useRef(status);

  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = status;
    if (before === 'PENDENTE' && status === 'ENTREGUE' && data) {
      toast({ title: signatureMessages.signedMeanwhile(shipmentNumber(data.number), data.signature?.signer_name ?? 'quem recebeu') });
      onSigned?.();
    }
  }, [status, data, onSigned]);

  if (shipment.isPending) return <Skeleton className="h-40 rounded-xl" />;
  if (shipment.isError) return <LoadError message={signatureMessages.shipmentLoadError} detail={signatureErrorMessage(shipment.error)} onRetry={() => void shipment.refetch()} />;
  if (!data || data.status !== 'PENDENTE' || !data.can_link) return null;
  return <LinkManager shipment={data} freshLink={fresh} onCreated={setFresh} now={now} />;
}
