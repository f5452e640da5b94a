import { useEffect, useState } from 'react';
import { fetchShipmentForSignature, peekShipmentForSignature } from '@/features/public-signing/api';
import { LoadingView } from '@/features/public-signing/components/loading-view';
import { MessageView } from '@/features/public-signing/components/message-view';
import { PageShell } from '@/features/public-signing/components/page-shell';
import { ReceiptView } from '@/features/public-signing/components/receipt-view';
import { SigningForm } from '@/features/public-signing/components/signing-form';
import { isTokenShape } from '@/features/public-signing/logic';
import { loadErrorMessage, publicErrorKind, signingMessages } from '@/features/public-signing/messages';
import type { SignatureReceipt, SignatureShipment } from '@/features/public-signing/types';

type View =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; shipment: SignatureShipment }
  | { kind: 'signed'; receipt: SignatureReceipt };

/** The view for a load's outcome. */
function loadedView(outcome: { shipment: SignatureShipment } | { error: unknown }): View {
  if ('shipment' in outcome) return { kind: 'ready', shipment: outcome.shipment };
  return publicErrorKind(outcome.error) === 'invalid-link' ? { kind: 'invalid' } : { kind: 'error', message: loadErrorMessage(outcome.error) };
}

/** The first render's view: a malformed link is refused without asking the server; the entry's answer is used if in. */
function initialView(token: string): View {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  // Usually the request the entry started has answered while this code downloaded: no skeleton then.
  const early = peekShipmentForSignature(token);
  return early ? loadedView(early) : { kind: 'loading' };
}

/**
 * /assinar/:token — the one page open to anyone holding the link. It shows that one shipment and nothing else; any
 * invalid link (malformed, unknown, used, expired, replaced) gets the same single message and no data at all.
 */
export function SigningPage({ token }: { token: string }) {
  const [initial] = useState(() => initialView(token));
  const [view, setView] = useState<View>(initial);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The first load only when the first render had nothing yet; then once per 'Tentar novamente'.
    if (attempt === 0 && initial.kind !== 'loading') return;
    let active = true;
    fetchShipmentForSignature(token, attempt > 0).then(
      (shipment) => {
        if (active) setView(loadedView({ shipment }));
      },
      (error: unknown) => {
        if (active) setView(loadedView({ error }));
      },
    );
    return () => {
      active = false;
    };
  }, [token, initial, attempt]);

  switch (view.kind) {
    case 'loading':
      return <LoadingView />;
    case 'invalid':
      return <MessageView tone="link" message={signingMessages.invalidLink} />;
    case 'error':
      return (
        <MessageView
          tone="error"
          message={view.message}
          onRetry={() => {
            setView({ kind: 'loading' });
            setAttempt((count) => count + 1);
          }}
        />
      );
    case 'signed':
      return <ReceiptView receipt={view.receipt} />;
    case 'ready':
      return (
        <PageShell>
          <SigningForm
            token={token}
            shipment={view.shipment}
            onSigned={(receipt) => setView({ kind: 'signed', receipt })}
            onInvalidLink={() => setView({ kind: 'invalid' })}
          />
        </PageShell>
      );
  }
}
