import { ArrowDown, ArrowRight, ClipboardList, Layers, PackageX, PenLine, Radio, Send, ShoppingCart, Trophy, Truck, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, formatTime } from '@/lib/dates';
import type { AccessSubject } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import { useLiveProcessFlow, useProcessFlow } from '@/features/process-flow/api/get-process-flow';
import { PURCHASING_PATH, SHIPMENT_PATH, stageCount, stageLink } from '@/features/process-flow/logic';
import { processFlowErrorMessage, processFlowMessages } from '@/features/process-flow/messages';
import type { ProcessFlow, ProcessStageKey } from '@/features/process-flow/schemas';

const STAGE_ICONS: Record<ProcessStageKey, LucideIcon> = {
  faltas: PackageX,
  lotes: Layers,
  cotacoes: ClipboardList,
  vencedores: Trophy,
  pedidos: ShoppingCart,
  entregas: Truck,
  remessas: Send,
  assinaturas: PenLine,
};

/**
 * /fluxo-processo: the purchasing path (falta → lote → cotação → vencedores → pedido → entrega) and the shipment path
 * (remessa → assinatura) drawn as cards and arrows (down the page on phones), each with how many wait there in the
 * caller's scope and, when the user may open it, a link to the screen where that stage is worked. Live: any change the
 * caller may see in the five tables behind it reads the counts again.
 */
export function ProcessFlowPage({ title, user }: { title: string; user: AccessSubject }) {
  const flow = useProcessFlow();
  useLiveProcessFlow();
  const data = flow.data;
  return (
    <div data-testid="process-flow" data-state={flow.isError && !data ? 'error' : data ? 'ready' : 'loading'} className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{processFlowMessages.intro}</p>
        </div>
        {data ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite" data-testid="process-flow-updated">
            <Radio aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
            {processFlowMessages.updatedAt(formatTime(flow.dataUpdatedAt, true))}
          </p>
        ) : null}
      </div>
      {flow.isError ? (
        <LoadError message={processFlowMessages.loadError} detail={processFlowErrorMessage(flow.error)} onRetry={() => void flow.refetch()} />
      ) : null}
      {!data ? (
        flow.isError ? null : (
          <div role="status" aria-label="Carregando fluxo de processo..." className="grid gap-4">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        )
      ) : (
        <>
          <FlowPath title={processFlowMessages.purchasing} stages={PURCHASING_PATH} flow={data} user={user} />
          <FlowPath title={processFlowMessages.shipments} stages={SHIPMENT_PATH} flow={data} user={user} />
        </>
      )}
    </div>
  );
}

function FlowPath({ title, stages, flow, user }: { title: string; stages: readonly ProcessStageKey[]; flow: ProcessFlow; user: AccessSubject }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ol className="flex flex-col items-stretch gap-2 lg:flex-row lg:items-center">
        {stages.map((key, index) => (
          <Fragment key={key}>
            {index > 0 ? (
              <li aria-hidden="true" className="flex shrink-0 justify-center text-muted-foreground">
                <ArrowDown className="size-5 lg:hidden" />
                <ArrowRight className="hidden size-5 lg:block" />
              </li>
            ) : null}
            <li className="min-w-0 lg:flex-1">
              <StageCard stageKey={key} count={stageCount(flow, key)} link={stageLink(user, key)} />
            </li>
          </Fragment>
        ))}
      </ol>
    </section>
  );
}

function StageCard({ stageKey, count, link }: { stageKey: ProcessStageKey; count: number | null; link: string | null }) {
  const { label, detail } = processFlowMessages.stages[stageKey];
  const Icon = STAGE_ICONS[stageKey];
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm font-medium">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {label}
      </span>
      <span className="text-3xl font-semibold tabular-nums" data-testid={`stage-count-${stageKey}`}>
        {count === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{processFlowMessages.notVisible}</span>
          </>
        ) : (
          formatNumber(count)
        )}
      </span>
      <span className="text-xs text-muted-foreground">{detail}</span>
    </>
  );
  const frame = 'grid h-full gap-1 rounded-xl border bg-card p-4 shadow-sm';
  return link ? (
    <Link
      to={link}
      data-testid={`stage-${stageKey}`}
      aria-label={`${processFlowMessages.openStage(label)}: ${count === null ? processFlowMessages.notVisible : formatNumber(count)}`}
      className={cn(frame, 'transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}
    >
      {body}
    </Link>
  ) : (
    <div data-testid={`stage-${stageKey}`} className={cn(frame, count === null && 'opacity-70')}>
      {body}
    </div>
  );
}
