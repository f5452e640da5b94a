import { Clock, FileCheck2, FileClock, Percent, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/dates';
import { useRepresentativeDashboard } from '@/features/purchasing/api/get-representative-dashboard';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';

function StatCard({ title, value, hint, icon }: { title: string; value: string; hint?: string; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

/** /dashboard for representatives: what awaits an answer, quotes in progress and sent, win rate, value won. */
export function DashboardPage({ onOpenQuotes }: { onOpenQuotes: () => void }) {
  const dashboard = useRepresentativeDashboard();
  if (dashboard.isLoading)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  if (dashboard.isError || !dashboard.data)
    return (
      <p role="alert" className="mx-auto max-w-6xl text-destructive">
        Erro ao carregar dados
      </p>
    );
  const d = dashboard.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">{d.supplierName ? `Resumo das cotações de ${d.supplierName}.` : 'Resumo das suas cotações.'}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Lotes aguardando resposta" value={formatNumber(d.awaitingCount)} icon={<Clock aria-hidden="true" className="size-4" />} />
        <StatCard
          title="Cotações em andamento"
          value={formatNumber(d.inProgressCount)}
          hint={`${formatNumber(d.sentCount)} enviada(s)`}
          icon={<FileClock aria-hidden="true" className="size-4" />}
        />
        <StatCard
          title="Taxa de vitória"
          value={d.winRate === null ? '—' : formatNumber(d.winRate, { style: 'percent', maximumFractionDigits: 1 })}
          hint={`${formatNumber(d.wonCount)} vencedora(s) · ${formatNumber(d.lostCount)} perdedora(s)`}
          icon={<Percent aria-hidden="true" className="size-4" />}
        />
        <StatCard title="Valor ganho" value={formatCurrency(d.valueWon)} hint={`${formatNumber(d.itemsWon)} item(ns) vencido(s)`} icon={<Wallet aria-hidden="true" className="size-4" />} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Aguardando sua cotação</CardTitle>
          </CardHeader>
          <CardContent>
            {d.awaitingBatches.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum lote aguardando resposta.</p>
            ) : (
              <ul className="divide-y">
                {d.awaitingBatches.slice(0, 6).map((b) => (
                  <li key={b.batchId} className="flex items-center justify-between gap-2 py-2 text-sm">
                    <button type="button" className="font-medium hover:underline" onClick={onOpenQuotes}>
                      {b.batchName}
                    </button>
                    <span className="text-muted-foreground">
                      {formatNumber(b.itemCount)} item(ns){b.sentAt ? ` · ${formatDateTime(b.sentAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Resultados recentes</CardTitle>
          </CardHeader>
          <CardContent>
            {d.recentResults.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum resultado ainda.</p>
            ) : (
              <ul className="divide-y">
                {d.recentResults.map((r) => (
                  <li key={r.quoteId} className="flex items-center justify-between gap-2 py-2 text-sm">
                    <span className="flex items-center gap-2">
                      <FileCheck2 aria-hidden="true" className="size-4 text-muted-foreground" />
                      {r.batchName}
                    </span>
                    <span className="flex items-center gap-2">
                      {r.status === 'VENCEDORA' ? <span className="tabular-nums">{formatCurrency(r.valueWon)}</span> : null}
                      <QuoteStatusBadge status={r.status} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
