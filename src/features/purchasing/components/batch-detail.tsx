import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Send, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount, formatDateTime, formatNumber } from '@/lib/dates';
import { useDeleteBatch } from '@/features/purchasing/api/delete-batch';
import { useBatch } from '@/features/purchasing/api/get-batch';
import { batchComparisonQueryOptions, useBatchComparison } from '@/features/purchasing/api/get-batch-comparison';
import { useRemoveBatchItem } from '@/features/purchasing/api/remove-batch-item';
import { useSendBatch } from '@/features/purchasing/api/send-batch';
import { useRequestIds } from '@/hooks/use-request-id';
import { AddItemsDialog } from '@/features/purchasing/components/add-items-dialog';
import { BatchQuantityForm } from '@/features/purchasing/components/batch-quantity-form';
import { ComparisonGrid } from '@/features/purchasing/components/comparison-grid';
import { OrdersPanel } from '@/features/purchasing/components/orders-panel';
import { RenameBatchDialog } from '@/features/purchasing/components/rename-batch-dialog';
import { BatchStatusBadge } from '@/features/purchasing/components/status-badges';
import { OrderProvider } from '@/features/purchasing/order-provider';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import { LoadError } from '@/components/ui/load-error';

export type BatchTab = 'itens' | 'comparativo' | 'pedidos';

interface BatchDetailProps {
  batchId: string;
  tab: BatchTab;
  onTabChange: (tab: BatchTab) => void;
  onBack: () => void;
}

/** One batch: its items, the comparison of the suppliers' answers and its purchase orders. */
export function BatchDetail({ batchId, tab, onTabChange, onBack }: BatchDetailProps) {
  const batch = useBatch(batchId);
  // The comparison is requested together with the batch, not once the batch has arrived and the grid mounts
  // (the grid reads the same query; nothing here reads it, so this component does not re-render for it).
  useBatchComparison(batchId, tab === 'comparativo');
  const queryClient = useQueryClient();
  /**
   * A press on 'Comparativo' asks for the comparison at once, the query the line above then finds in flight (same
   * options, same key: one request), instead of after the URL is written and the whole batch is drawn again with the
   * new tab (~40 ms on a 2-core PC); the comparison of a 500-item batch is the longest read of the screen.
   */
  const changeTab = (next: BatchTab) => {
    if (next === 'comparativo' && next !== tab) void queryClient.prefetchQuery(batchComparisonQueryOptions(batchId));
    onTabChange(next);
  };
  const send = useSendBatch();
  const sendRequests = useRequestIds();
  const remove = useRemoveBatchItem();
  const del = useDeleteBatch();
  const [removingId, setRemovingId] = useState<string | null>(null);

  if (batch.isLoading) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4" aria-hidden="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (batch.isError || !batch.data) {
    return (
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
        <Button variant="ghost" className="w-fit" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> Voltar aos lotes
        </Button>
        {batch.isError ? (
          <LoadError message={purchasingMessages.batchLoadError} detail={purchasingLoadErrorDetail(batch.error)} onRetry={() => void batch.refetch()} />
        ) : (
          <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
            Lote não encontrado.
          </p>
        )}
      </div>
    );
  }

  const data = batch.data;
  const editable = data.status === 'ABERTO' || data.status === 'EM_COTACAO';

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <Button variant="ghost" className="w-fit" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> Voltar aos lotes
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
            <RenameBatchDialog key={data.name} batchId={data.id} name={data.name} />
            <BatchStatusBadge status={data.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {data.unitName ?? 'Várias unidades'} · {formatCount(data.itemCount, 'item', 'itens')} · criado em {formatDateTime(data.createdAt)}
            {data.sentAt ? ` · enviado em ${formatDateTime(data.sentAt)}` : ''}
            {data.closedAt ? ` · finalizado em ${formatDateTime(data.closedAt)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {data.status === 'ABERTO' ? (
            <Button
              onClick={() => send.mutate({ batchId: data.id, requestId: sendRequests.idFor(data.id) }, { onSuccess: sendRequests.done })}
              disabled={send.isPending}
            >
              <Send aria-hidden="true" /> Enviar para cotação
            </Button>
          ) : null}
          {data.status !== 'PEDIDO_ENVIADO' ? (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" className="text-destructive">
                  <Trash2 aria-hidden="true" /> Excluir lote
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Excluir o lote “{data.name}”?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Todas as cotações do lote serão excluídas e as faltas voltarão a ficar pendentes. Esta ação não pode ser desfeita.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Voltar</AlertDialogCancel>
                  <AlertDialogAction onClick={() => del.mutate(data.id, { onSuccess: onBack })}>Excluir</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          ) : null}
        </div>
      </header>

      <Tabs value={tab} onValueChange={(value) => changeTab(value as BatchTab)}>
        <TabsList>
          <TabsTrigger value="itens">Itens</TabsTrigger>
          <TabsTrigger value="comparativo" disabled={data.status === 'ABERTO'}>
            Comparativo
          </TabsTrigger>
          <TabsTrigger value="pedidos" disabled={data.status === 'ABERTO' || data.status === 'EM_COTACAO'}>
            Pedidos
          </TabsTrigger>
        </TabsList>

        <TabsContent value="itens" className="flex flex-col gap-4">
          {tab === 'itens' ? (
            <>
              {editable ? (
                <div className="flex flex-wrap items-end justify-between gap-4">
                  <AddItemsDialog batchId={data.id} />
                  <BatchQuantityForm batchId={data.id} />
                </div>
              ) : null}
              <div className="rounded-xl border bg-card shadow-sm">
                {data.shortages.length === 0 ? (
                  <p className="p-8 text-center text-muted-foreground">Este lote ainda não tem itens. Adicione faltas pendentes antes de enviar para cotação.</p>
                ) : (
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Produto</TableHead>
                        <TableHead>Código de barras</TableHead>
                        <TableHead>Unidade</TableHead>
                        <TableHead className="text-right">Qtd. solicitada</TableHead>
                        <TableHead className="text-right">Qtd. disponível</TableHead>
                        {editable ? <TableHead className="w-12"><span className="sr-only">Ações</span></TableHead> : null}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.shortages.map((s) => (
                        <TableRow key={s.id}>
                          <TableCell className="font-medium">{s.productName}</TableCell>
                          <TableCell className="tabular-nums text-muted-foreground">{s.barcode ?? '—'}</TableCell>
                          <TableCell>{s.unitName}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(s.requestedQuantity)}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(s.availableQuantity)}</TableCell>
                          {editable ? (
                            <TableCell>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Remover ${s.productName} do lote`}
                                disabled={remove.isPending && removingId === s.id}
                                onClick={() => {
                                  setRemovingId(s.id);
                                  remove.mutate({ batchId: data.id, shortageId: s.id });
                                }}
                              >
                                <X aria-hidden="true" />
                              </Button>
                            </TableCell>
                          ) : null}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </div>
            </>
          ) : null}
        </TabsContent>

        <TabsContent value="comparativo">{tab === 'comparativo' ? <ComparisonGrid batchId={data.id} batchStatus={data.status} onConfirmed={() => onTabChange('pedidos')} /> : null}</TabsContent>

        <TabsContent value="pedidos">
          {tab === 'pedidos' ? (
            <OrderProvider batchId={data.id}>
              <OrdersPanel batchStatus={data.status} />
            </OrderProvider>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
