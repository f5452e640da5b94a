import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect, useRef } from 'react';
import { PageShell, Section } from '@/features/public-signing/components/page-shell';
import { formatSaoPauloDateTime } from '@/lib/plain-dates';
import { alreadySignedHeading, discrepancyCountLabel, shipmentLabel, verificationCode } from '@/features/public-signing/logic';
import { signingMessages } from '@/features/public-signing/messages';
import type { StoredReceipt } from '@/features/public-signing/receipt-store';

interface ReceiptViewProps {
  /** The server's answer (its time, the masked CPF, the count of lines with differences), or the copy this browser kept. */
  receipt: StoredReceipt & { already_signed?: boolean };
  /** Shown again on a reload in the browser that signed: 'Já assinado por <nome> às <hora>'. */
  recalled?: boolean;
}

/** The signed receipt: right after signing, and again on reload in the browser that signed. */
export function ReceiptView({ receipt, recalled = false }: ReceiptViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);

  const rows: [string, string][] = [
    ['Remessa', shipmentLabel(receipt.number)],
    ['Recebido por', receipt.signer_name],
    ['CPF', receipt.signer_document_masked],
    ['Assinado em', formatSaoPauloDateTime(receipt.signed_at)],
    ['Divergências', discrepancyCountLabel(receipt.discrepancy_count)],
  ];

  return (
    <PageShell>
      <Section>
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-primary" />
          <div className="grid gap-1">
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
              {recalled ? alreadySignedHeading(receipt.signer_name, receipt.signed_at) : 'Recebimento assinado'}
            </h2>
            {recalled ? <p className="text-sm text-muted-foreground">{signingMessages.recalledNotice}</p> : null}
            {receipt.already_signed ? <p className="text-sm text-muted-foreground">{signingMessages.alreadySignedNotice}</p> : null}
          </div>
        </div>
        <dl className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[auto_1fr] sm:items-baseline sm:gap-x-6 sm:p-4">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs break-all text-muted-foreground">
          Código de verificação: <span className="font-mono">{verificationCode(receipt.content_hash)}</span>
        </p>
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{signingMessages.singleUseNotice}</p>
      </Section>
    </PageShell>
  );
}
