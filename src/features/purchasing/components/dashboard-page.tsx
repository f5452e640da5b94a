import { Clock, FileCheck2, FileClock, Percent, Reply, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount, formatCurrency, formatDateTime, formatNumber, formatPercent } from '@/lib/dates';
import { useRepresentativeDashboard } from '@/features/purchasing/api/get-representative-dashboard';
import { useSuppliers } from '@/features/purchasing/api/get-suppliers';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import type { RepresentativeDashboard } from '@/features/purchasing/types';

/** The selector's value for "every supplier" (Radix Select items cannot have an empty value). */
const ALL_SUPPLIERS = 'all';

/** How many quotes in progress the card lists before pointing to /cotacoes. */
const IN_PROGRESS_SHOWN = 8;

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

/** The admin's choice of whose dashboard to see: every supplier, or one of them. */
function SupplierSelector({ value, onChange }: { value: string | null; onChange: (supplierId: string | null) => void }) {
  const suppliers = useSuppliers();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="dashboard-supplier">Fornecedor</Label>
      <Select
        value={value ?? ALL_SUPPLIERS}
        disabled={suppliers.isLoading}
        onValueChange={(next) => onChange(next === ALL_SUPPLIERS ? null : next)}
      >
        <SelectTrigger id="dashboard-supplier" className="w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_SUPPLIERS}>Todos os fornecedores</SelectItem>
          {(suppliers.data ?? []).map((supplier) => (
            <SelectItem key={supplier.id} value={supplier.id}>
              {supplier.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export interface DashboardPageProps {
  /** ADMIN sees any supplier's dashboard, or all of them; a representative always sees its own. */
  isAdmin: boolean;
  /** The supplier the admin chose (null: every supplier); ignored for representatives. */
  supplierId: string | null;
  onSupplierChange: (supplierId: string | null) => void;
}

/**
 * /dashboard: batches awaiting an answer, quotes in progress (listed, each opening in /cotacoes) and sent, win rate,
 * value won and recent results, for the representative's own supplier, or for ADMIN one supplier or all of them.
 */
export function DashboardPage({ isAdmin, supplierId, onSupplierChange }: DashboardPageProps) {
  const chosen = isAdmin ? supplierId : null;
  const dashboard = useRepresentativeDashboard(chosen);
  const d = dashboard.data;

  const subtitle = !d
    ? ''
    : d.allSuppliers
      ? 'Resumo das cotações de todos os fornecedores.'
      : d.supplierName
        ? `Resumo das cotações de ${d.supplierName}.`
        : 'Resumo das suas cotações.';

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
          <p className="min-h-6 text-muted-foreground">{subtitle}</p>
        </div>
        {isAdmin ? <SupplierSelector value={supplierId} onChange={onSupplierChange} /> : null}
      </header>
      {dashboard.isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : dashboard.isError || !d ? (
        <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardSummary dashboard={d} isAdmin={isAdmin} />
      )}
    </div>
  );
}

/** The figures and lists of one dashboard (a supplier's, or every supplier's for ADMIN). */
export function DashboardSummary({ dashboard: d, isAdmin }: { dashboard: RepresentativeDashboard; isAdmin: boolean }) {
  const all = d.allSuppliers;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <StatCard title="Lotes aguardando resposta" value={formatNumber(d.awaitingCount)} icon={<Clock aria-hidden="true" className="size-4" />} />
        <StatCard
          title="Cotações em andamento"
          value={formatNumber(d.inProgressCount)}
          hint={formatCount(d.sentCount, 'enviada', 'enviadas')}
          icon={<FileClock aria-hidden="true" className="size-4" />}
        />
        <StatCard
          title="Taxa de vitória"
          value={d.winRate === null ? '—' : formatPercent(d.winRate, { maximumFractionDigits: 1 })}
          hint={`${formatCount(d.wonCount, 'vencedora', 'vencedoras')} · ${formatCount(d.lostCount, 'perdedora', 'perdedoras')}`}
          icon={<Percent aria-hidden="true" className="size-4" />}
        />
        <StatCard title="Valor ganho" value={formatCurrency(d.valueWon)} hint={formatCount(d.itemsWon, 'item vencido', 'itens vencidos')} icon={<Wallet aria-hidden="true" className="size-4" />} />
        <StatCard
          title="Taxa de resposta"
          value={d.responseRate === null ? '—' : formatPercent(d.responseRate, { maximumFractionDigits: 1 })}
          hint={
            `de ${formatCount(d.invitedCount, 'lote convidado', 'lotes convidados')}` +
            (d.avgResponseHours === null ? '' : ` · resposta em ${formatNumber(d.avgResponseHours, { maximumFractionDigits: 1 })} h, em média`)
          }
          icon={<Reply aria-hidden="true" className="size-4" />}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{all ? 'Lotes ainda sem nenhuma cotação' : isAdmin ? 'Aguardando cotação do fornecedor' : 'Aguardando sua cotação'}</CardTitle>
          </CardHeader>
          <CardContent>
            {d.awaitingBatches.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum lote aguardando resposta.</p>
            ) : (
              <ul className="divide-y">
                {d.awaitingBatches.slice(0, 6).map((b) => (
                  <li key={b.batchId} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 py-2 text-sm">
                    <Link
                      className="font-medium hover:underline"
                      to={isAdmin ? `${paths.purchases}?lote=${encodeURIComponent(b.batchId)}` : paths.quotes}
                    >
                      {b.batchName}
                    </Link>
                    <span className="text-muted-foreground">
                      {formatCount(b.itemCount, 'item', 'itens')}{b.sentAt ? ` · ${formatDateTime(b.sentAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base" id="in-progress-title">
              Cotações em andamento
            </CardTitle>
          </CardHeader>
          <CardContent>
            {d.quotesInProgress.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma cotação em andamento.</p>
            ) : (
              <ul className="divide-y" aria-labelledby="in-progress-title">
                {d.quotesInProgress.slice(0, IN_PROGRESS_SHOWN).map((q) => (
                  <li key={q.quoteId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
                    <span className="grid">
                      <Link className="font-medium hover:underline" to={`${paths.quotes}?cotacao=${encodeURIComponent(q.quoteId)}`}>
                        {q.batchName}
                      </Link>
                      {all ? <span className="text-xs text-muted-foreground">{q.supplierName}</span> : null}
                    </span>
                    <span className="text-right text-muted-foreground tabular-nums">
                      {formatNumber(q.pricedItems)} de {formatCount(q.totalItems, 'item', 'itens')} com preço
                      <span className="block text-xs">{q.updatedAt ? `atualizada em ${formatDateTime(q.updatedAt)}` : 'sem alterações'}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {d.inProgressCount > IN_PROGRESS_SHOWN ? (
              <Link className="mt-2 inline-block text-sm font-medium hover:underline" to={paths.quotes}>
                Ver todas as {formatNumber(d.inProgressCount)} cotações em andamento
              </Link>
            ) : null}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-base">Resultados recentes</CardTitle>
          </CardHeader>
          <CardContent>
            {d.recentResults.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum resultado ainda.</p>
            ) : (
              <ul className="divide-y">
                {d.recentResults.map((r) => (
                  <li key={r.quoteId} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 py-2 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <FileCheck2 aria-hidden="true" className="size-4 text-muted-foreground" />
                      {r.batchName}
                      {all ? <span className="text-muted-foreground">· {r.supplierName}</span> : null}
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
    </>
  );
}
