import { Copy, Link2, QrCode as QrCodeIcon, RefreshCw, Share2, ShieldAlert, Unlink } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateSignatureLink } from '@/features/shipment-signatures/api/create-signature-link';
import { useSignatureSettings } from '@/features/shipment-signatures/api/get-signature-settings';
import { useRevokeSignatureLink } from '@/features/shipment-signatures/api/revoke-signature-link';
import { QrCode } from '@/features/shipment-signatures/components/qr-code';
import { activeLinkText, describeLinkHours, isLinkActive, isSameLink, linkValidUntilText, shipmentNumber, signatureLinkUrl } from '@/features/shipment-signatures/logic';
import { signatureMessages } from '@/features/shipment-signatures/messages';
import type { CreatedSignatureLink, ShipmentDetail } from '@/features/shipment-signatures/types';

interface LinkManagerProps {
  shipment: ShipmentDetail;
  /** The token created in this visit of the panel (never stored anywhere else). */
  freshLink: CreatedSignatureLink | null;
  onCreated: (link: CreatedSignatureLink) => void;
  now: Date;
}

/**
 * The signing link of a dispatched shipment: generate it (the link and its QR code are shown this
 * once), copy it, share it, revoke it, or replace it. After a reload only its expiry is known. The
 * sender never opens the link here: the receiver signs on their own phone (a signature made in this
 * browser or from this address is flagged on the receipt by the database).
 */
export function LinkManager({ shipment, freshLink, onCreated, now }: LinkManagerProps) {
  const settings = useSignatureSettings();
  const create = useCreateSignatureLink();
  const revoke = useRevokeSignatureLink();
  const [confirm, setConfirm] = useState<'revoke' | 'new' | null>(null);
  const number = shipmentNumber(shipment.number);
  const activeExpiry = isLinkActive(shipment.link?.expires_at, now) ? (shipment.link?.expires_at ?? null) : null;
  const shown = freshLink && isSameLink(freshLink.expires_at, activeExpiry) ? freshLink : null;
  const busy = create.isPending || revoke.isPending;

  const generate = () => create.mutate(shipment.id, { onSuccess: onCreated, onSettled: () => setConfirm(null) });
  const runConfirmed = () => {
    if (confirm === 'new') generate();
    if (confirm === 'revoke') revoke.mutate(shipment.id, { onSettled: () => setConfirm(null) });
  };

  return (
    <section aria-labelledby="signature-link-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id="signature-link-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <QrCodeIcon aria-hidden="true" className="size-5 text-primary" /> {signatureMessages.linkSectionTitle}
        </h2>
        {shown ? null : <p className="text-sm text-muted-foreground">{signatureMessages.linkIntro}</p>}
      </div>

      {shown ? (
        <FreshLink link={shown} number={number} />
      ) : activeExpiry ? (
        <div className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100">
          <p className="flex items-center gap-2 font-medium">
            <Link2 aria-hidden="true" className="size-4 shrink-0" /> {activeLinkText(activeExpiry)}
          </p>
          <p>{signatureMessages.tokenHidden}</p>
        </div>
      ) : (
        <p className="text-sm">
          {settings.data ? signatureMessages.linkDuration(describeLinkHours(settings.data.signature_link_hours)) : null}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {activeExpiry ? (
          <>
            <Button variant="outline" disabled={busy} onClick={() => setConfirm('new')}>
              <RefreshCw aria-hidden="true" /> {signatureMessages.generateNew}
            </Button>
            <Button variant="outline" className="text-destructive hover:text-destructive" disabled={busy} onClick={() => setConfirm('revoke')}>
              <Unlink aria-hidden="true" /> {signatureMessages.revoke}
            </Button>
          </>
        ) : (
          <Button size="lg" className="w-full sm:w-auto" disabled={busy} onClick={generate}>
            {create.isPending ? <Spinner className="size-4 text-current" label="Gerando..." /> : <QrCodeIcon aria-hidden="true" />}
            {signatureMessages.generate}
          </Button>
        )}
      </div>

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && !busy && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm === 'new' ? signatureMessages.confirmNewTitle : signatureMessages.confirmRevokeTitle}</AlertDialogTitle>
            <AlertDialogDescription>{confirm === 'new' ? signatureMessages.confirmNew : signatureMessages.confirmRevoke}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Voltar</AlertDialogCancel>
            <Button variant={confirm === 'revoke' ? 'destructive' : 'default'} disabled={busy} onClick={runConfirmed}>
              {busy ? <Spinner className="size-4 text-current" label="Aguarde..." /> : null}
              {confirm === 'new' ? signatureMessages.generateNew : signatureMessages.revoke}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/** Whether this browser can hand a link to another app (Web Share API: phones, some desktops). */
function canShare(data: ShareData): boolean {
  return typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data));
}

/** The link just generated: its QR code, the address to copy or share, and how long it lasts. Never a way to open it. */
function FreshLink({ link, number }: { link: CreatedSignatureLink; number: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = signatureLinkUrl(window.location.origin, link.token);
  const shareData: ShareData = { title: signatureMessages.shareTitle(number), text: signatureMessages.shareText(number), url };
  const [shareable] = useState(() => canShare(shareData));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: signatureMessages.copied, description: signatureMessages.copiedDescription });
    } catch {
      inputRef.current?.select();
      toast({ title: signatureMessages.copyError, variant: 'destructive' });
    }
  };

  const share = async () => {
    try {
      await navigator.share(shareData);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: signatureMessages.shareError, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4">
      <p role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{signatureMessages.showOnce}</span>
      </p>
      <div className="grid justify-items-center gap-2">
        <QrCode value={url} label={signatureMessages.qrAlt(number)} errorText={signatureMessages.qrError} />
        <p className="text-sm font-medium tabular-nums">{linkValidUntilText(link.expires_at)}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>Link de assinatura da remessa {number}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={`${id}-url`}
            readOnly
            value={url}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button onClick={() => void copy()}>
            <Copy aria-hidden="true" /> {signatureMessages.copy}
          </Button>
          {shareable ? (
            <Button variant="outline" onClick={() => void share()}>
              <Share2 aria-hidden="true" /> {signatureMessages.share}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{signatureMessages.receiverSigns}</p>
    </div>
  );
}
