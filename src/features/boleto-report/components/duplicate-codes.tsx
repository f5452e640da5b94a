import { Copy } from 'lucide-react';
import { formatCurrency, formatDay, formatNumber, plural } from '@/lib/dates';
import type { DuplicateCode } from '@/features/boleto-report/types';

/** The linha in groups of five digits, readable and easy to compare by eye. */
function groupDigits(linha: string): string {
  return linha.replace(/(\d{5})(?=\d)/g, '$1 ');
}

/**
 * Codes entered more than once of which one is paid: each pair (or more) side by side, with when,
 * where and how much each was paid and the reason given when the code was entered again.
 */
export function DuplicateCodes({ codes }: { codes: readonly DuplicateCode[] }) {
  if (codes.length === 0) return null;
  return (
    <section aria-labelledby="duplicate-codes-title" className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4">
      <h2 id="duplicate-codes-title" className="flex items-center gap-2 text-base font-semibold text-destructive">
        <Copy aria-hidden="true" className="size-4" />
        {plural(codes.length, 'Código lançado mais de uma vez e já pago', `${formatNumber(codes.length)} códigos lançados mais de uma vez e já pagos`)}
      </h2>
      <ul className="grid gap-3">
        {codes.map((code) => (
          <li key={code.linhaDigitavel} className="grid gap-1 text-sm">
            <span className="font-mono text-xs break-all text-muted-foreground">{groupDigits(code.linhaDigitavel)}</span>
            <ul className="grid gap-0.5 pl-4">
              {code.boletos.map((boleto) => (
                <li key={boleto.id}>
                  {boleto.status === 'PAGO' && boleto.paidAt
                    ? `Pago em ${formatDay(boleto.paidAt)}, ${boleto.unitName}, ${formatCurrency(boleto.paidAmount ?? boleto.amount)}`
                    : `Pendente, ${boleto.unitName}, vence em ${formatDay(boleto.dueDate)}, ${formatCurrency(boleto.amount)}`}
                  {` · ${boleto.payee}`}
                  {boleto.duplicateReason ? <span className="text-muted-foreground"> · motivo: {boleto.duplicateReason}</span> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
