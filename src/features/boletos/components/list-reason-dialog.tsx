import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatCurrency, formatDay, formatNumber, plural } from '@/lib/dates';
import { useCancelBoleto } from '@/features/boletos/api/cancel-boleto';
import { useDeleteBoleto } from '@/features/boletos/api/delete-boleto';
import { useReopenBoleto } from '@/features/boletos/api/reopen-boleto';
import { reopenLabel } from '@/features/boletos/logic';
import { REASON_MAX, reasonSchema, type ReasonValues } from '@/features/boletos/schemas';
import type { BoletoRow } from '@/features/boletos/types';

export type ReasonIntent = { kind: 'cancel' | 'reopen' | 'delete'; row: BoletoRow };

function copyOf(intent: ReasonIntent): { title: string; description: string; action: string; destructive: boolean } {
  const { row } = intent;
  switch (intent.kind) {
    case 'cancel':
      return {
        title: 'Cancelar boleto',
        description: 'O boleto deixa de aparecer como pendente e fica no histórico como cancelado. Só um administrador pode reabri-lo.',
        action: 'Cancelar boleto',
        destructive: true,
      };
    case 'reopen':
      return row.status === 'PAGO'
        ? {
            title: 'Desfazer pagamento',
            description: 'O boleto volta a ficar pendente; a data, o valor e a conta do pagamento são apagados. O histórico guarda quem desfez e por quê.',
            action: reopenLabel(row.status),
            destructive: false,
          }
        : {
            title: 'Reabrir boleto',
            description: 'O boleto cancelado volta a ficar pendente. O histórico guarda quem reabriu e por quê.',
            action: reopenLabel(row.status),
            destructive: false,
          };
    case 'delete':
      return {
        title: 'Excluir boleto',
        description:
          'Use para um boleto lançado por engano. Ele sai da lista; o histórico guarda uma cópia dos dados, quem excluiu e o motivo. Esta ação não pode ser desfeita.' +
          (row.attachments > 0
            ? ` ${plural(row.attachments, 'O anexo deste boleto também será removido.', `Os ${formatNumber(row.attachments)} anexos deste boleto também serão removidos.`)}`
            : ''),
        action: 'Excluir boleto',
        destructive: true,
      };
  }
}

/** Cancel, reopen (ADMIN) or delete one boleto: every one of them asks for a reason the history keeps. */
export function ReasonDialog({ intent, onClose }: { intent: ReasonIntent | null; onClose: () => void }) {
  return (
    <Dialog open={intent !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{intent ? <ReasonForm key={`${intent.kind}-${intent.row.id}`} intent={intent} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ReasonForm({ intent, onClose }: { intent: ReasonIntent; onClose: () => void }) {
  const id = useId();
  const cancel = useCancelBoleto();
  const reopen = useReopenBoleto();
  const remove = useDeleteBoleto();
  const form = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const error = form.formState.errors.reason?.message;
  const copy = copyOf(intent);
  const { row } = intent;
  const pending = cancel.isPending || reopen.isPending || remove.isPending;

  // The dialog closes only when the database accepted; on a refusal the reason typed stays.
  const submit = form.handleSubmit(({ reason: text }) => {
    const options = { onSuccess: onClose };
    if (intent.kind === 'cancel') cancel.mutate({ id: row.id, reason: text }, options);
    if (intent.kind === 'reopen' && row.status !== 'PENDENTE') reopen.mutate({ id: row.id, reason: text, fromStatus: row.status }, options);
    if (intent.kind === 'delete') remove.mutate({ id: row.id, reason: text }, options);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
        <dt className="text-muted-foreground">Fornecedor</dt>
        <dd className="truncate font-medium">{row.supplier_name ?? row.beneficiary ?? '—'}</dd>
        {row.document_number ? (
          <>
            <dt className="text-muted-foreground">NF</dt>
            <dd>{row.document_number}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Valor</dt>
        <dd className="tabular-nums">{formatCurrency(row.amount)}</dd>
        <dt className="text-muted-foreground">Vencimento</dt>
        <dd className="tabular-nums">{formatDay(row.due_date)}</dd>
      </dl>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Motivo</Label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          placeholder={intent.kind === 'delete' ? 'Ex.: lançado em duplicidade' : intent.kind === 'cancel' ? 'Ex.: fornecedor emitiu novo boleto' : 'Ex.: pagamento registrado no boleto errado'}
          autoFocus
          {...form.register('reason')}
        />
        {error ? (
          <p id={`${id}-message`} className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${id}-message`} className="text-xs text-muted-foreground">
            Obrigatório, de 3 a {REASON_MAX} caracteres ({reason.trim().length}/{REASON_MAX}).
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" variant={copy.destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          {copy.action}
        </Button>
      </DialogFooter>
    </form>
  );
}
