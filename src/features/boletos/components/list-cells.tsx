import { AlertTriangle, Copy, Paperclip, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { formatCount } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { bankName } from '@/features/boletos/banks';
import { formatLinhaDigitavel } from '@/features/boletos/code';
import { formatCnpj } from '@/features/boletos/entry-logic';
import { ALERT_LABELS, situationBadge, twinDescription, type BadgeTone } from '@/features/boletos/logic';
import { boletoListMessages } from '@/features/boletos/messages';
import type { BoletoAlert, BoletoRow } from '@/features/boletos/types';

const TONE_CLASSES: Record<BadgeTone, string> = {
  danger: 'border-red-300 bg-red-100 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  warning: 'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  neutral: 'border-zinc-300 bg-background text-foreground dark:border-zinc-600',
  success: 'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  muted: 'border-zinc-200 bg-zinc-100 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400',
};

/** 'Vencido há 3 dias' (red), 'Vence hoje' (amber), 'A vencer', 'Pago em 03/11' (green), 'Cancelado' (muted). */
export function SituationBadge({ row, today }: { row: BoletoRow; today: string }) {
  const badge = situationBadge(row, today);
  return (
    <Badge variant="outline" className={TONE_CLASSES[badge.tone]}>
      {badge.text}
    </Badge>
  );
}

/** Supplier (or the free-text beneficiary) with the CNPJ in small print. */
export function Payee({ row, className }: { row: BoletoRow; className?: string }) {
  const name = row.supplier_name ?? row.beneficiary ?? '—';
  return (
    <div className={cn('min-w-0', className)}>
      <div className="font-medium break-words">{name}</div>
      {row.supplier_name && row.beneficiary ? (
        <div className="text-xs break-words text-muted-foreground">{row.beneficiary}</div>
      ) : null}
      {row.supplier_cnpj ? <div className="text-xs text-muted-foreground tabular-nums">CNPJ {formatCnpj(row.supplier_cnpj)}</div> : null}
    </div>
  );
}

/** '341 · Itaú', an arrecadação's 'Arrecadação', or '—'. */
export function BankName({ row }: { row: BoletoRow }) {
  if (row.kind === 'ARRECADACAO') return <span className="text-muted-foreground">Arrecadação</span>;
  if (!row.bank_code) return <span className="text-muted-foreground">—</span>;
  const name = bankName(row.bank_code);
  return (
    <span className="whitespace-nowrap">
      <span className="text-muted-foreground tabular-nums">{row.bank_code}</span>
      {name ? ` ${name}` : ''}
    </span>
  );
}

async function copyLinha(linha: string) {
  try {
    await navigator.clipboard.writeText(linha);
    toast({ title: boletoListMessages.linhaCopied });
  } catch {
    toast({ title: boletoListMessages.copyError, variant: 'destructive' });
  }
}

/**
 * The linha digitável in monospace (selectable, in the blocks printed on the boleto) and a button
 * that copies its digits, the form bank apps accept.
 */
export function LinhaDigitavel({ row, className }: { row: BoletoRow; className?: string }) {
  const formatted = formatLinhaDigitavel(row.linha_digitavel);
  // Two lines of about the same length: the bank linha after its second field, arrecadação after its second block.
  const parts = formatted.split(' ');
  const cut = parts.length === 5 || parts.length === 4 ? 2 : parts.length;
  return (
    <div className={cn('flex items-center justify-between gap-1', className)}>
      <code className="min-w-0 font-mono text-xs leading-snug tracking-tight select-all lg:text-[11px]">
        <span className="block whitespace-nowrap">{parts.slice(0, cut).join(' ')}</span>
        {cut < parts.length ? <span className="block whitespace-nowrap">{parts.slice(cut).join(' ')}</span> : null}
      </code>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            aria-label={boletoListMessages.copyLinha}
            onClick={() => void copyLinha(row.linha_digitavel)}
          >
            <Copy aria-hidden="true" />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{boletoListMessages.copyLinha}</TooltipContent>
      </Tooltip>
    </div>
  );
}

const ALERT_TONES: Record<BoletoAlert, string> = {
  CODIGO_DUPLICADO: TONE_CLASSES.warning,
  POSSIVEL_DUPLICADO: TONE_CLASSES.warning,
  BANCO_DIVERGENTE: TONE_CLASSES.danger,
};

/**
 * The warnings the database found when the boleto was entered. `inline`: the explanation is
 * written out (phones have no hover); otherwise a focusable badge with a tooltip.
 */
export function AlertBadges({ alerts, inline = false }: { alerts: readonly BoletoAlert[]; inline?: boolean }) {
  if (alerts.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', inline && 'grid')} aria-label="Alertas">
      {alerts.map((alert) => {
        const { label, short, description } = ALERT_LABELS[alert];
        const Icon = alert === 'BANCO_DIVERGENTE' ? ShieldAlert : AlertTriangle;
        if (inline) {
          return (
            <li key={alert} className={cn('flex items-start gap-1.5 rounded-md border px-2 py-1 text-xs', ALERT_TONES[alert])}>
              <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span>
                <span className="font-medium">{label}.</span> {description}
              </span>
            </li>
          );
        }
        return (
          <li key={alert}>
            <Tooltip>
              <TooltipTrigger asChild>
                <button type="button" aria-label={`${label}. ${description}`} className="cursor-help rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                  <Badge variant="outline" className={ALERT_TONES[alert]}>
                    <Icon aria-hidden="true" />
                    {short}
                  </Badge>
                </button>
              </TooltipTrigger>
              <TooltipContent className="max-w-72">
                <p className="font-medium">{label}</p>
                <p className="opacity-90">{description}</p>
              </TooltipContent>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The pair a code entered twice makes: this boleto and its twin (same code, not cancelled, anywhere
 * in the chain), named by when, where and how much it was paid, with the reason given at entry.
 */
export function TwinBadge({ row, inline = false }: { row: Pick<BoletoRow, 'status' | 'twin' | 'duplicate_reason'>; inline?: boolean }) {
  const { twin } = row;
  if (!twin) return null;
  const paidTwice = twin.status === 'PAGO' && row.status === 'PAGO';
  const label = paidTwice ? 'Pago em duplicidade' : twin.status === 'PAGO' ? 'Código já pago' : 'Código repetido';
  const description = `Mesmo código: ${twinDescription(twin)}.${row.duplicate_reason ? ` Motivo informado: ${row.duplicate_reason}` : ''}`;
  const tone = twin.status === 'PAGO' ? TONE_CLASSES.danger : TONE_CLASSES.warning;
  if (inline) {
    return (
      <p className={cn('flex items-start gap-1.5 rounded-md border px-2 py-1 text-xs', tone)}>
        <Copy aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>
          <span className="font-medium">{label}.</span> {description}
        </span>
      </p>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" aria-label={`${label}. ${description}`} className="cursor-help rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <Badge variant="outline" className={tone}>
            <Copy aria-hidden="true" />
            {label}
          </Badge>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-72">
        <p className="font-medium">{label}</p>
        <p className="opacity-90">{description}</p>
      </TooltipContent>
    </Tooltip>
  );
}

/** The paperclip and the number of files; a button that opens them. */
export function AttachmentCount({ count, onOpen }: { count: number; onOpen: () => void }) {
  const label = count === 0 ? 'Sem anexos: anexar arquivo' : `Ver ${formatCount(count, 'anexo', 'anexos')}`;
  return (
    <Button type="button" variant="ghost" size="sm" className={cn('h-8 gap-1 px-2', count === 0 && 'text-muted-foreground')} aria-label={label} title={label} onClick={onOpen}>
      <Paperclip aria-hidden="true" />
      <span className="tabular-nums">{count}</span>
    </Button>
  );
}
