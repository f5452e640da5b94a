import { useEffect, useState } from 'react';
import { fetchShipmentForSignature, peekShipmentForSignature } from '@/features/public-signing/api';
import { LoadingView } from '@/features/public-signing/components/loading-view';
import { MessageView } from '@/features/public-signing/components/message-view';
import { PageShell } from '@/features/public-signing/components/page-shell';
import { ReceiptView } from '@/features/public-signing/components/receipt-view';
import { SigningForm } from '@/features/public-signing/components/signing-form';
import { isTokenShape } from '@/features/public-signing/logic';
import { recalledReceipt, rememberReceipt, type StoredReceipt } from '@/features/public-signing/receipt-store';
import { loadErrorMessage, publicErrorKind, signingMessages } from '@/features/public-signing/messages';
import type { SignatureReceipt, SignatureShipment } from '@/features/public-signing/types';

type View =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; shipment: SignatureShipment }
  | { kind: 'signed'; receipt: SignatureReceipt }
  /** Signed earlier in this browser: the receipt it kept, shown again on reload. */
  | { kind: 'recalled'; receipt: StoredReceipt };

/** The view for a load's outcome. */
function loadedView(outcome: { shipment: SignatureShipment } | { error: unknown }): View {
  if ('shipment' in outcome) return { kind: 'ready', shipment: outcome.shipment };
  return publicErrorKind(outcome.error) === 'invalid-link' ? { kind: 'invalid' } : { kind: 'error', message: loadErrorMessage(outcome.error) };
}

/**
 * The first render's view: a malformed link is refused without asking the server; a shipment the entry's request
 * already brought is shown at once. Anything else waits for the effect, which first looks for a receipt this browser
 * kept (a used link answers as an invalid one, and this browser may be the one that used it).
 */
function initialView(token: string): View {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  // Usually the request the entry started has answered while this code downloaded: no skeleton then.
  const early = peekShipmentForSignature(token);
  return early && 'shipment' in early ? loadedView(early) : { kind: 'loading' };
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
    const loaded = fetchShipmentForSignature(token, attempt > 0).then(
      (shipment) => ({ shipment }),
      (error: unknown) => ({ error }),
    );
    void recalledReceipt(token).then(async (receipt) => {
      const next: View = receipt ? { kind: 'recalled', receipt } : loadedView(await loaded);
      if (active) setView(next);
    });
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
    case 'recalled':
      return <ReceiptView receipt={view.receipt} recalled />;
    case 'ready':
      return (
        <PageShell>
          <SigningForm
            token={token}
            shipment={view.shipment}
            onSigned={(receipt) => {
              setView({ kind: 'signed', receipt });
              // Kept by this browser, so a reload shows this receipt again.
              void rememberReceipt(token, receipt);
            }}
            onInvalidLink={() => setView({ kind: 'invalid' })}
          />
        </PageShell>
      );
  }
}
