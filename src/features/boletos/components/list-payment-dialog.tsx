import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatCurrency, formatDay, formatNumber, plural, toAppDateString } from '@/lib/dates';
import { useMarkBoletosPaid } from '@/features/boletos/api/mark-boletos-paid';
import { formatAmountInput, parseAmountInput } from '@/features/boletos/entry-logic';
import {
  BACKDATED_PAYMENT_DAYS,
  earliestPaymentDay,
  isBackdatedPayment,
  selectionSummary,
  twinDescription,
} from '@/features/boletos/logic';
import { paymentSchema, type PaymentValues } from '@/features/boletos/schemas';
import type { BoletoRow } from '@/features/boletos/types';

interface PaymentDialogProps {
  /** The boletos to pay (one, or the selection); null closes the dialog. */
  boletos: readonly BoletoRow[] | null;
  onClose: () => void;
  /** After the database accepted the payment (the list clears its selection). */
  onPaid: () => void;
}

/** 'Marcar como pago': one date and account for all; a single boleto may be paid with another amount. */
export function PaymentDialog({ boletos, onClose, onPaid }: PaymentDialogProps) {
  return (
    <Dialog open={boletos !== null && boletos.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto">
        {boletos && boletos.length > 0 ? <PaymentForm key={boletos.map((boleto) => boleto.id).join()} boletos={boletos} onClose={onClose} onPaid={onPaid} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ boletos, onClose, onPaid }: { boletos: readonly BoletoRow[]; onClose: () => void; onPaid: () => void }) {
  const today = toAppDateString(new Date());
  const single = boletos.length === 1 ? boletos[0] : undefined;
  const earliest = earliestPaymentDay(boletos);
  // Boletos whose code was already paid in another boleto: paying them again is confirmed by name.
  const paidTwins = boletos.filter((boleto) => boleto.twin?.status === 'PAGO');
  const schema = useMemo(
    () => paymentSchema({ today, single: single !== undefined, earliest, paidTwin: paidTwins.length > 0 }),
    [today, single, earliest, paidTwins.length],
  );
  const form = useForm<PaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      paidAt: today,
      paymentAccount: '',
      paidAmount: single ? formatAmountInput(single.amount) : '',
      confirmBackdated: false,
      confirmPaidTwin: false,
    },
  });
  const pay = useMarkBoletosPaid();
  const [paidAmountText, paidAt] = useWatch({ control: form.control, name: ['paidAmount', 'paidAt'] });
  const backdated = isBackdatedPayment(paidAt, today);
  const { errors } = form.formState;
  const summary = selectionSummary(boletos);
  const withAlerts = boletos.filter((boleto) => boleto.alerts.length > 0).length;
  const typedAmount = single ? parseAmountInput(paidAmountText) : null;
  const difference = single && typedAmount !== null && !Number.isNaN(typedAmount) ? Math.round((typedAmount - single.amount) * 100) / 100 : 0;

  // On a refusal the dialog stays open with everything typed (the toast says why).
  const submit = form.handleSubmit((values) => {
    const paidAmount = single ? parseAmountInput(values.paidAmount) : null;
    pay.mutate(
      {
        ids: boletos.map((boleto) => boleto.id),
        paidAt: values.paidAt,
        paymentAccount: values.paymentAccount,
        paidAmount: paidAmount !== null && !Number.isNaN(paidAmount) ? paidAmount : null,
        confirmPaidTwin: paidTwins.length > 0 && values.confirmPaidTwin,
      },
      {
        onSuccess: () => {
          onPaid();
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Marcar como pago</DialogTitle>
        <DialogDescription>
          {single
            ? `${single.supplier_name ?? single.beneficiary ?? 'Boleto'}${single.document_number ? ` · ${single.document_number}` : ''} · vencimento ${formatDay(single.due_date)}`
            : 'Todos os boletos selecionados serão pagos na mesma data e pela mesma conta, cada um pelo seu valor.'}
        </DialogDescription>
      </DialogHeader>

      <div className="flex items-baseline justify-between rounded-lg border bg-muted/40 px-3 py-2" aria-live="polite">
        <span className="text-sm text-muted-foreground">{formatCount(summary.count, 'boleto', 'boletos')}</span>
        <span className="text-lg font-semibold tabular-nums">{formatCurrency(summary.total)}</span>
      </div>

      {withAlerts > 0 ? (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {withAlerts === 1 && single
            ? 'Este boleto tem alertas de duplicidade ou de banco divergente. Confira antes de confirmar o pagamento.'
            : `${formatCount(withAlerts, 'boleto selecionado tem', 'boletos selecionados têm')} alertas de duplicidade ou de banco divergente. Confira antes de confirmar o pagamento.`}
        </p>
      ) : null}

      {paidTwins.length > 0 ? (
        <div className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:bg-destructive/20" role="alert">
          <p className="flex items-start gap-2 font-medium">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {plural(paidTwins.length, 'Este código já foi pago em outro boleto:', `${formatNumber(paidTwins.length)} códigos já foram pagos em outros boletos:`)}
          </p>
          <ul className="grid gap-1 pl-6">
            {paidTwins.map((boleto) => (
              <li key={boleto.id}>
                {formatCurrency(boleto.amount)} (vencimento {formatDay(boleto.due_date)}): {boleto.twin ? twinDescription(boleto.twin) : ''}
              </li>
            ))}
          </ul>
          <Controller
            control={form.control}
            name="confirmPaidTwin"
            render={({ field }) => (
              <label className="flex items-start gap-2 text-foreground">
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} aria-invalid={errors.confirmPaidTwin ? true : undefined} />
                <span>Confirmo o pagamento em duplicidade deste código.</span>
              </label>
            )}
          />
          {errors.confirmPaidTwin ? <p className="text-sm text-destructive">{errors.confirmPaidTwin.message}</p> : null}
        </div>
      ) : null}

      <Field label="Data do pagamento" error={errors.paidAt?.message}>
        <Input type="date" max={today} min={earliest} required {...form.register('paidAt')} />
      </Field>
      {backdated && !errors.paidAt ? (
        <div className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          <Controller
            control={form.control}
            name="confirmBackdated"
            render={({ field }) => (
              <label className="flex items-start gap-2">
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} aria-invalid={errors.confirmBackdated ? true : undefined} />
                <span>{`A data é de mais de ${BACKDATED_PAYMENT_DAYS} dias atrás (${formatDay(paidAt)}). Confirmo que o pagamento foi feito nessa data.`}</span>
              </label>
            )}
          />
          {errors.confirmBackdated ? <p className="text-sm text-destructive">{errors.confirmBackdated.message}</p> : null}
        </div>
      ) : null}
      <Field label="Conta de pagamento (opcional)" error={errors.paymentAccount?.message}>
        <Input placeholder="Ex.: Itaú ag. 0912 c/c 44120-3" maxLength={120} autoComplete="off" {...form.register('paymentAccount')} />
      </Field>
      {single ? (
        <Field label="Valor pago (R$)" error={errors.paidAmount?.message} description={
            difference > 0
              ? `${formatCurrency(difference)} a mais que o valor do boleto (juros/multa).`
              : difference < 0
                ? `${formatCurrency(-difference)} a menos que o valor do boleto (desconto).`
                : 'Altere se o valor pago teve juros, multa ou desconto.'
          }>
          <Input inputMode="decimal" autoComplete="off" {...form.register('paidAmount')} />
        </Field>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={pay.isPending}>
          {pay.isPending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          {single ? 'Confirmar pagamento' : `Pagar ${summary.count} boletos`}
        </Button>
      </DialogFooter>
    </form>
  );
}
