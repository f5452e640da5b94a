import { ArrowLeft, ArrowRight, MonitorSmartphone, Printer, ShieldCheck, ShieldX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { useShipmentEvidence } from '@/features/shipment-signatures/api/get-shipment-evidence';
import { ShipmentItems } from '@/features/shipment-signatures/components/shipment-items';
import {
  discrepanciesByItem,
  discrepancySummary,
  discrepancyTotals,
  isSignaturePng,
  maskCpf,
  shipmentNumber,
  signedAtSenderDetail,
} from '@/features/shipment-signatures/logic';
import { CHAIN_NAME, signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import type { ShipmentEvidence } from '@/features/shipment-signatures/types';

/**
 * Paper: A4 portrait, nothing of the app around the receipt (sidebar, header, buttons, toasts), the
 * light theme's colours even when the screen is dark, the coloured notices kept in colour.
 */
const PRINT_CSS = `@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html.dark {
    color-scheme: light;
    --background: oklch(1 0 0); --foreground: oklch(0.2 0.02 240);
    --card: oklch(1 0 0); --card-foreground: oklch(0.2 0.02 240);
    --primary: oklch(0.5 0.1 185); --muted: oklch(0.955 0.006 220); --muted-foreground: oklch(0.42 0.02 240);
    --destructive: oklch(0.56 0.21 27); --border: oklch(0.85 0.008 220);
  }
  body { background: #fff !important; }
  [data-slot="sidebar"], [data-slot="sidebar-inset"] > header, [data-slot="sidebar-gap"], [aria-label^="Notificações"] { display: none !important; }
  [data-slot="sidebar-inset"] > div { padding: 0 !important; }
  .shipment-receipt { border: 0 !important; box-shadow: none !important; padding: 0 !important; max-width: none !important; gap: 9pt !important; font-size: 9pt; }
  .shipment-receipt .text-sm { font-size: 9pt !important; line-height: 1.35 !important; }
  .shipment-receipt .text-xs { font-size: 7.5pt !important; line-height: 1.3 !important; }
  .shipment-receipt h1 { font-size: 15pt !important; }
  .shipment-receipt h2 { font-size: 10.5pt !important; }
  .shipment-receipt .text-2xl { font-size: 15pt !important; }
  .shipment-receipt header { padding-bottom: 6pt !important; }
  .shipment-receipt section, .shipment-receipt dl { gap: 4pt 24pt !important; }
  .shipment-receipt .receipt-verdict { padding: 5pt 8pt !important; }
  .shipment-receipt [data-slot="table-container"] { overflow: visible !important; }
  .shipment-receipt th, .shipment-receipt td { padding: 3px 6px !important; height: auto !important; }
  .shipment-receipt tr { break-inside: avoid; }
  .shipment-receipt .receipt-keep { break-inside: avoid; }
  .shipment-receipt .receipt-ok { background: #ecfdf5 !important; color: #064e3b !important; border-color: #059669 !important; }
  .shipment-receipt .receipt-bad { background: #fef2f2 !important; color: #7f1d1d !important; border-color: #dc2626 !important; }
  .shipment-receipt .receipt-warn, .shipment-receipt .receipt-warn * { color: #78350f !important; }
  .shipment-receipt .receipt-ok, .shipment-receipt .receipt-bad { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** The moment the receipt is printed (updated by the browser's beforeprint, Ctrl+P included). */
function usePrintTime(): Date {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const update = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return printedAt;
}

const BRASILIA = 'horário de Brasília';

/** The signed receipt of a delivered shipment with the signature's evidence, ready to print. */
export function Receipt({ shipmentId, onBack }: { shipmentId: string; onBack: () => void }) {
  const evidence = useShipmentEvidence(shipmentId);
  const printedAt = usePrintTime();
  const data = evidence.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> {signatureMessages.backToList}
        </Button>
        <Button variant="outline" disabled={!data} onClick={() => window.print()}>
          <Printer aria-hidden="true" /> {signatureMessages.print}
        </Button>
      </div>

      {evidence.isError ? (
        <LoadError message={signatureMessages.evidenceLoadError} detail={signatureErrorMessage(evidence.error)} onRetry={() => void evidence.refetch()} />
      ) : !data ? (
        <div className="mx-auto grid w-full max-w-4xl gap-4 rounded-xl border bg-card p-6 shadow-sm">
          <span className="sr-only" role="status">
            Carregando comprovante...
          </span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <ReceiptDocument evidence={data} printedAt={printedAt} />
      )}
    </div>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-0.5 sm:col-span-2' : 'grid gap-0.5'}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="border-b pb-1 text-base font-semibold tracking-tight">
      {children}
    </h2>
  );
}

function ReceiptDocument({ evidence, printedAt }: { evidence: ShipmentEvidence; printedAt: Date }) {
  const { shipment, items, signature, verification } = evidence;
  const number = shipmentNumber(shipment.number);
  const byItem = discrepanciesByItem(signature.discrepancies);
  const totals = discrepancyTotals(signature.discrepancies);
  const atSender = signedAtSenderDetail(signature);

  return (
    <article aria-labelledby="receipt-title" className="shipment-receipt mx-auto grid w-full grid-cols-1 max-w-4xl gap-6 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-foreground/80 pb-4">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{CHAIN_NAME}</p>
          <h1 id="receipt-title" className="text-xl font-semibold tracking-tight sm:text-2xl">
            {signatureMessages.receiptTitle}
          </h1>
          <p className="flex flex-wrap items-center gap-1.5 text-sm">
            <span className="font-medium">{shipment.origin_name}</span>
            <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">para</span>
            <span className="font-medium">{shipment.destination_name}</span>
          </p>
        </div>
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <p className="font-mono text-2xl font-bold tracking-tight">{number}</p>
          <Badge variant="outline" className="receipt-ok border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            Entregue
          </Badge>
        </div>
      </header>

      <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Origem">{shipment.origin_name}</Fact>
        <Fact label="Destino">{shipment.destination_name}</Fact>
        <Fact label="Despachada em">
          {shipment.dispatched_at ? `${formatDateTime(shipment.dispatched_at, true)} (${BRASILIA})` : '—'}
          {shipment.dispatched_by_name ? <span className="block text-xs text-muted-foreground">por {shipment.dispatched_by_name}</span> : null}
        </Fact>
        <Fact label="Entregue em">{shipment.delivered_at ? `${formatDateTime(shipment.delivered_at, true)} (${BRASILIA})` : '—'}</Fact>
        {shipment.notes ? (
          <Fact label="Observações da remessa" wide>
            <span className="whitespace-pre-line">{shipment.notes}</span>
          </Fact>
        ) : null}
      </dl>

      <section aria-labelledby="receipt-items" className="grid grid-cols-1 gap-3">
        <SectionTitle id="receipt-items">Itens recebidos</SectionTitle>
        <p className={totals.lines > 0 ? 'receipt-warn text-sm font-medium text-amber-900 dark:text-amber-200' : 'text-sm text-muted-foreground'}>
          {discrepancySummary(signature.discrepancies)}
        </p>
        <div className="rounded-lg border">
          <ShipmentItems items={items} discrepancies={byItem} label={`Itens da remessa ${number}`} />
        </div>
      </section>

      <section aria-labelledby="receipt-signature" className="receipt-keep grid grid-cols-1 gap-3">
        <SectionTitle id="receipt-signature">Assinatura de quem recebeu</SectionTitle>
        <figure className="grid justify-items-center gap-2">
          {isSignaturePng(signature.signature_png) ? (
            <img
              src={signature.signature_png}
              alt={`Assinatura de ${signature.signer_name}`}
              className="h-auto max-h-40 w-full max-w-md rounded-md border bg-white object-contain p-2 print:max-h-24 print:max-w-xs print:p-1"
            />
          ) : (
            <p className="grid h-24 w-full max-w-md place-items-center rounded-md border border-dashed text-sm text-muted-foreground">
              {signatureMessages.noSignatureImage}
            </p>
          )}
          <figcaption className="grid w-full max-w-md justify-items-center print:max-w-xs gap-0.5 border-t border-foreground/60 pt-1 text-center text-sm">
            <span className="font-medium">{signature.signer_name}</span>
            <span className="text-muted-foreground">CPF {maskCpf(signature.signer_document_masked)}</span>
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="receipt-evidence" className="receipt-keep grid grid-cols-1 gap-3">
        <SectionTitle id="receipt-evidence">{signatureMessages.evidenceTitle}</SectionTitle>
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Nome de quem assinou">{signature.signer_name}</Fact>
          <Fact label="CPF">{maskCpf(signature.signer_document_masked)}</Fact>
          <Fact label="Assinada em">{`${formatDateTime(signature.signed_at, true)} (${BRASILIA})`}</Fact>
          <Fact label="Endereço IP (registrado pelo servidor)">
            <span className="font-mono break-all">{signature.ip_address ?? '—'}</span>
          </Fact>
          {signature.declared_ips ? (
            <Fact label="Endereços declarados pelo cliente (não verificados)" wide>
              <span className="font-mono text-xs break-all">{signature.declared_ips}</span>
            </Fact>
          ) : null}
          <Fact label="Navegador e aparelho (user agent)" wide>
            <span className="font-mono text-xs break-all">{signature.user_agent ?? '—'}</span>
          </Fact>
          <Fact label="SHA-256 do conteúdo assinado" wide>
            <code className="block rounded-md bg-muted px-2 py-1 font-mono text-xs break-all">{signature.content_hash}</code>
          </Fact>
          <Fact label="Declaração aceita por quem assinou" wide>
            <blockquote className="border-l-4 border-primary/60 pl-3 italic">{signature.acceptance_text}</blockquote>
          </Fact>
        </dl>
        {atSender ? (
          <div role="note" className="receipt-warn grid gap-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/70 dark:text-amber-100">
            <p className="flex items-start gap-2 font-semibold">
              <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {signatureMessages.signedAtSender}
            </p>
            <p>{atSender}</p>
          </div>
        ) : null}
        {verification.valid ? (
          <p className="receipt-ok receipt-verdict flex items-start gap-2 rounded-lg border border-emerald-400 bg-emerald-50 p-3 text-sm font-medium text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/70 dark:text-emerald-100">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {signatureMessages.hashValid}
          </p>
        ) : (
          <div role="alert" className="receipt-bad receipt-verdict grid gap-2 rounded-lg border border-red-400 bg-red-50 p-3 text-sm text-red-950 dark:border-red-700 dark:bg-red-950/70 dark:text-red-100">
            <p className="flex items-start gap-2 font-semibold">
              <ShieldX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {signatureMessages.hashInvalid}
            </p>
            <p>{signatureMessages.hashInvalidHint}</p>
            <dl className="grid gap-2">
              <div className="grid gap-0.5">
                <dt className="text-xs font-medium uppercase">Hash registrado na assinatura</dt>
                <dd className="font-mono text-xs break-all">{signature.content_hash}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-xs font-medium uppercase">Hash do conteúdo atual</dt>
                <dd className="font-mono text-xs break-all">{verification.current_hash}</dd>
              </div>
            </dl>
          </div>
        )}
      </section>

      <footer className="border-t pt-3 text-xs text-muted-foreground">
        Comprovante emitido em {formatDateTime(printedAt.toISOString(), true)} ({BRASILIA}). A assinatura eletrônica, os dados de quem assinou e o
        hash do conteúdo foram registrados pelo servidor no momento da assinatura.
      </footer>
    </article>
  );
}
