import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/dates';
import { useAddPunchAdjustment } from '@/features/time-clock/api/add-punch-adjustment';
import { useSetHourBankAgreement } from '@/features/time-clock/api/set-hour-bank-agreement';
import { formatMinutes, parseDuration } from '@/features/time-clock/logic';
import { timeClockErrorMessage } from '@/features/time-clock/messages';
import { agreementFormSchema, settlementFormSchema } from '@/features/time-clock/schemas';
import { AGREEMENT_LABELS, AGREEMENT_RULES, AGREEMENT_TIPOS, type AgreementTipo, type HourBank } from '@/features/time-clock/treatment';
import { FormFooter, FormRootError } from '@/features/time-clock/components/form-parts';

type SettlementKind = 'compensacao' | 'pagamento';

const SETTLEMENT = {
  compensacao: {
    title: 'Compensar horas',
    what: 'Folga descontada do saldo a favor do funcionário, no dia em que ele a tira.',
    duration: 'Horas compensadas',
    day: 'Dia da folga',
  },
  pagamento: {
    title: 'Pagar horas',
    what: 'Horas do saldo a favor do funcionário pagas na folha: saem do banco no dia informado.',
    duration: 'Horas pagas',
    day: 'Dia do pagamento',
  },
} as const;

const AGREEMENT_OPTIONS = AGREEMENT_TIPOS.map((value) => ({ value, label: AGREEMENT_LABELS[value] }));

interface BankActionsProps {
  userId: string;
  name: string;
  bank: HourBank;
  /** São Paulo's today (the treated timesheet's), the default and latest day of a settlement. */
  today: string;
}

/** The managers' actions on an employee's hour bank: compensate, pay, change the agreement. */
export function HourBankActions({ userId, name, bank, today }: BankActionsProps) {
  const [open, setOpen] = useState<SettlementKind | 'acordo' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-wrap gap-2 pt-2" role="group" aria-label="Ações do banco de horas">
      <Button size="sm" variant="outline" onClick={() => setOpen('compensacao')}>
        Compensar horas
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('pagamento')}>
        Pagar horas
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('acordo')}>
        Alterar acordo
      </Button>
      <SettlementDialog kind={open === 'compensacao' || open === 'pagamento' ? open : null} userId={userId} name={name} balance={bank.balance_minutes} today={today} onClose={close} />
      <AgreementDialog open={open === 'acordo'} userId={userId} name={name} bank={bank} today={today} onClose={close} />
    </div>
  );
}



interface SettlementDialogProps {
  kind: SettlementKind | null;
  userId: string;
  name: string;
  balance: number;
  today: string;
  onClose: () => void;
}

/** A compensation (time off) or a payout: an adjustment of the day with its minutes and mandatory motive. */
function SettlementDialog({ kind, userId, name, balance, today, onClose }: SettlementDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{kind ? SETTLEMENT[kind].title : ''}</DialogTitle>
          <DialogDescription>
            {name}: saldo de <span className="font-mono">{formatMinutes(balance)}</span>. {kind ? SETTLEMENT[kind].what : ''}
          </DialogDescription>
        </DialogHeader>
        {kind ? <SettlementForm key={kind} kind={kind} userId={userId} today={today} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SettlementForm({ kind, userId, today, onClose }: { kind: SettlementKind; userId: string; today: string; onClose: () => void }) {
  const add = useAddPunchAdjustment();
  const form = useForm({ resolver: zodResolver(settlementFormSchema), defaultValues: { duration: '', workDate: today, motivo: '' } });
  const { errors } = form.formState;
  const text = SETTLEMENT[kind];
  const submit = form.handleSubmit((values) => {
    const minutes = parseDuration(values.duration);
    if (minutes === null) return;
    add.mutate(
      { kind, userId, workDate: values.workDate, motivo: values.motivo, minutes },
      { onSuccess: onClose, onError: (error) => form.setError('root', { message: timeClockErrorMessage(error) }) },
    );
  });
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`bank-${kind}-duration`} label={text.duration} error={errors.duration?.message} description="Horas e minutos, como 2h00 ou 0h45.">
          <Input inputMode="text" autoComplete="off" placeholder="2h00" className="w-32 font-mono" {...form.register('duration')} />
        </Field>
        <Field id={`bank-${kind}-day`} label={text.day} error={errors.workDate?.message}>
          <Input type="date" max={today} className="w-44" {...form.register('workDate')} />
        </Field>
      </div>
      <Field id={`bank-${kind}-motive`} label="Motivo" error={errors.motivo?.message} description="Obrigatório: fica no espelho junto com o ajuste.">
        <Textarea rows={3} {...form.register('motivo')} />
      </Field>
      <FormRootError message={errors.root?.message} />
      <FormFooter pending={add.isPending} submitLabel={text.title} onClose={onClose} />
    </form>
  );
}

interface AgreementDialogProps {
  open: boolean;
  userId: string;
  name: string;
  bank: HourBank;
  today: string;
  onClose: () => void;
}

/** The agreement in force from a day on (set_hour_bank_agreement), with its expiry rule. */
function AgreementDialog({ open, userId, name, bank, today, onClose }: AgreementDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Acordo do banco de horas</DialogTitle>
          <DialogDescription>
            {name}: em vigor, {AGREEMENT_LABELS[bank.agreement.tipo]}
            {bank.agreement.valid_from ? ` desde ${formatDate(`${bank.agreement.valid_from}T12:00:00Z`)}` : ' (sem acordo registrado)'}.
          </DialogDescription>
        </DialogHeader>
        {open ? <AgreementForm userId={userId} name={name} current={bank.agreement.tipo} today={today} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AgreementForm({ userId, name, current, today, onClose }: { userId: string; name: string; current: AgreementTipo; today: string; onClose: () => void }) {
  const save = useSetHourBankAgreement();
  const form = useForm({ resolver: zodResolver(agreementFormSchema), defaultValues: { tipo: current as string, validFrom: today } });
  const { errors } = form.formState;
  const tipo = useWatch({ control: form.control, name: 'tipo' }) as AgreementTipo;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { userId, name, tipo: values.tipo as AgreementTipo, validFrom: values.validFrom },
      { onSuccess: onClose, onError: (error) => form.setError('root', { message: timeClockErrorMessage(error) }) },
    ),
  );
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="tipo"
        render={({ field }) => (
          <Field id="bank-agreement-tipo" label="Prazo para compensar" error={errors.tipo?.message} description={AGREEMENT_RULES[tipo] ?? undefined}>
            <ChoiceSelect
              id="bank-agreement-tipo"
              value={field.value || null}
              noneLabel="Escolha o acordo"
              options={AGREEMENT_OPTIONS}
              onChange={(value) => field.onChange(value ?? '')}
              invalid={errors.tipo !== undefined}
            />
          </Field>
        )}
      />
      <Field id="bank-agreement-from" label="Em vigor a partir de" error={errors.validFrom?.message} description="O acordo vale a partir deste dia; o saldo já acumulado continua no banco e vence pela regra do acordo em vigor.">
        <Input type="date" className="w-44" {...form.register('validFrom')} />
      </Field>
      <FormRootError message={errors.root?.message} />
      <FormFooter pending={save.isPending} submitLabel="Salvar acordo" onClose={onClose} />
    </form>
  );
}
