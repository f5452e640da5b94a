import LoaderCircle from 'lucide-react/icons/loader-circle';
import PenLine from 'lucide-react/icons/pen-line';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { existingDeviceId } from '@/lib/device-id';
import { formatSaoPauloDateTime } from '@/lib/plain-dates';
import { signShipment } from '@/features/public-signing/api';
import { formatCpf } from '@/lib/br-documents';
import { ItemLine } from '@/features/public-signing/components/item-line';
import { Section } from '@/features/public-signing/components/page-shell';
import { SignatureBoard, type SignatureBoardHandle } from '@/features/public-signing/components/signature-board';
import {
  buildLines,
  buildSignArgs,
  EMPTY_LINE_DRAFT,
  lineError,
  shipmentLabel,
  signerErrors,
  verificationCode,
  type LineDraft,
  type SignerField,
} from '@/features/public-signing/logic';
import { FIELD_ERRORS, publicErrorKind, signErrorMessage } from '@/features/public-signing/messages';
import type { SignatureReceipt, SignatureShipment } from '@/features/public-signing/types';

interface SigningFormProps {
  token: string;
  shipment: SignatureShipment;
  onSigned: (receipt: SignatureReceipt) => void;
  /** The link stopped being valid meanwhile (used, revoked, expired). */
  onInvalidLink: () => void;
}

/** A refusal or failure of sign_shipment: everything typed and drawn stays; `retry` offers 'Tentar novamente'. */
interface SubmitProblem {
  message: string;
  retry: boolean;
}

/** The server's 22023 texts that belong to one field (shown under it rather than above the button). */
const SERVER_FIELD_ERRORS: Partial<Record<string, SignerField>> = {
  [FIELD_ERRORS.nameRequired]: 'name',
  [FIELD_ERRORS.cpfInvalid]: 'cpf',
  [FIELD_ERRORS.signatureEmpty]: 'signature',
  [FIELD_ERRORS.signatureNotPng]: 'signature',
  [FIELD_ERRORS.signatureTooLarge]: 'signature',
  [FIELD_ERRORS.acceptanceRequired]: 'accepted',
};

/**
 * The shipment as sent, with a discrepancy per line if any, and the receiver's name, CPF, drawn signature and
 * acceptance. Plain state and the checks of logic.ts rather than react-hook-form + zod: together they would take a
 * fifth of this page's 120 KB budget (the login form makes the same choice, docs/forms-and-mutations.md).
 */
export function SigningForm({ token, shipment, onSigned, onInvalidLink }: SigningFormProps) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const boardRef = useRef<SignatureBoardHandle>(null);
  const sending = useRef(false);

  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const [name, setName] = useState('');
  const [cpf, setCpf] = useState('');
  const [signatureEmpty, setSignatureEmpty] = useState(true);
  const [accepted, setAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>();
  const [serverFieldError, setServerFieldError] = useState<{ field: SignerField; message: string }>();

  const draftOf = (itemId: string) => drafts[itemId] ?? EMPTY_LINE_DRAFT;
  const lineErrors = shipment.items.map((item) => lineError(draftOf(item.id), item.quantity, submitted));
  const clientErrors = submitted ? signerErrors({ name, cpf, signatureEmpty, accepted }) : {};
  const errors = { ...clientErrors };
  if (serverFieldError && !errors[serverFieldError.field]) errors[serverFieldError.field] = serverFieldError.message;

  const clearServerError = (field: SignerField) => {
    if (serverFieldError?.field === field) setServerFieldError(undefined);
  };

  const focusFirstError = (lineIndex: number, fieldErrors: Partial<Record<SignerField, string>>) => {
    if (lineIndex >= 0) {
      const line = document.querySelectorAll<HTMLElement>('[data-line]')[lineIndex];
      (line?.querySelector<HTMLElement>('input:not([type=checkbox]), textarea') ?? line)?.focus();
      return;
    }
    if (fieldErrors.name) document.getElementById(fieldId('name'))?.focus();
    else if (fieldErrors.cpf) document.getElementById(fieldId('cpf'))?.focus();
    else if (fieldErrors.signature) boardRef.current?.reveal();
    else if (fieldErrors.accepted) document.getElementById(fieldId('accepted'))?.focus();
  };

  const submit = async () => {
    if (sending.current) return;
    setSubmitted(true);
    const board = boardRef.current;
    const empty = board?.isEmpty() ?? true;
    setSignatureEmpty(empty);
    const fieldErrors = signerErrors({ name, cpf, signatureEmpty: empty, accepted });
    const firstBadLine = shipment.items.findIndex((item) => lineError(draftOf(item.id), item.quantity, true) !== undefined);
    if (firstBadLine >= 0 || Object.keys(fieldErrors).length > 0) {
      setProblem(undefined);
      focusFirstError(firstBadLine, fieldErrors);
      return;
    }

    const args = buildSignArgs(token, { name, cpf }, board?.toPng() ?? '', buildLines(shipment.items, drafts), existingDeviceId());
    sending.current = true;
    setSubmitting(true);
    setProblem(undefined);
    setServerFieldError(undefined);
    try {
      const receipt = await signShipment(args);
      onSigned(receipt);
    } catch (error) {
      const kind = publicErrorKind(error);
      if (kind === 'invalid-link') {
        onInvalidLink();
        return;
      }
      const message = signErrorMessage(error);
      // The image refusals belong under the board (a size refusal names the pixels it got).
      const field = kind === 'input' ? (SERVER_FIELD_ERRORS[message] ?? (message.startsWith('A imagem da assinatura') ? 'signature' : undefined)) : undefined;
      if (field) {
        setServerFieldError({ field, message });
        focusFirstError(-1, { [field]: message });
      } else {
        setProblem({ message, retry: kind === 'network' || kind === 'rate-limited' || kind === 'other' });
      }
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const describedBy = (field: SignerField) => (errors[field] ? fieldId(`${field}-error`) : undefined);
  const fieldError = (field: SignerField) =>
    errors[field] ? (
      <p id={fieldId(`${field}-error`)} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      className="grid gap-4 sm:gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Section>
        <div className="grid gap-1.5">
          <h2 className="text-xl font-semibold tracking-tight">Remessa {shipmentLabel(shipment.number)}</h2>
          <p className="break-words">
            De <strong className="font-semibold">{shipment.origin_name}</strong> para{' '}
            <strong className="font-semibold">{shipment.destination_name}</strong>
          </p>
          {shipment.dispatched_at ? (
            <p className="text-sm text-muted-foreground">
              Despachada em <span className="tabular-nums">{formatSaoPauloDateTime(shipment.dispatched_at)}</span>
            </p>
          ) : null}
        </div>
        {shipment.notes ? (
          <div className="grid gap-1 rounded-lg bg-muted px-3 py-2">
            <p className="text-xs font-medium text-muted-foreground">Observações</p>
            <p className="text-sm whitespace-pre-line break-words">{shipment.notes}</p>
          </div>
        ) : null}
        <p className="text-xs break-all text-muted-foreground">
          Código de verificação: <span className="font-mono">{verificationCode(shipment.content_hash)}</span>
        </p>
      </Section>

      <Section title={`Itens (${shipment.items.length})`} labelledBy={fieldId('items-title')}>
        <p className="-mt-2 text-sm text-muted-foreground">
          Confira cada item. Se algo chegou faltando, avariado ou com validade curta, marque “Registrar divergência” no item.
        </p>
        <ul className="grid divide-y">
          {shipment.items.map((item, index) => (
            <ItemLine
              key={item.id}
              item={item}
              draft={draftOf(item.id)}
              error={lineErrors[index]}
              disabled={submitting}
              onChange={(draft) => setDrafts((current) => ({ ...current, [item.id]: draft }))}
            />
          ))}
        </ul>
      </Section>

      <Section title="Quem recebe" labelledBy={fieldId('signer-title')}>
        <div className="grid gap-2">
          <label htmlFor={fieldId('name')} className="text-sm font-medium">
            Nome completo de quem recebe
          </label>
          <Input
            id={fieldId('name')}
            autoComplete="name"
            autoCapitalize="words"
            maxLength={120}
            value={name}
            disabled={submitting}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => {
              setName(event.target.value);
              clearServerError('name');
            }}
          />
          {fieldError('name')}
        </div>

        <div className="grid gap-2">
          <label htmlFor={fieldId('cpf')} className="text-sm font-medium">
            CPF
          </label>
          <Input
            id={fieldId('cpf')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={14}
            className="tabular-nums sm:max-w-56"
            value={cpf}
            disabled={submitting}
            aria-invalid={errors.cpf ? true : undefined}
            aria-describedby={describedBy('cpf')}
            onChange={(event) => {
              setCpf(formatCpf(event.target.value));
              clearServerError('cpf');
            }}
          />
          {fieldError('cpf')}
        </div>

        <div className="grid gap-2">
          <SignatureBoard
            ref={boardRef}
            label="Assinatura"
            hint="Desenhe com o dedo (ou o mouse) no quadro abaixo."
            labelId={fieldId('signature-label')}
            describedBy={describedBy('signature')}
            invalid={Boolean(errors.signature)}
            disabled={submitting}
            onChange={(empty) => {
              setSignatureEmpty(empty);
              clearServerError('signature');
            }}
          />
          {fieldError('signature')}
        </div>

        <div className="grid gap-2">
          <span className="text-sm font-medium">Declaração de recebimento</span>
          <p className="rounded-lg border bg-muted/40 px-3 py-2 text-sm leading-relaxed whitespace-pre-line">{shipment.acceptance_text}</p>
          <label htmlFor={fieldId('accepted')} className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              id={fieldId('accepted')}
              type="checkbox"
              className="size-4 accent-primary"
              checked={accepted}
              disabled={submitting}
              aria-invalid={errors.accepted ? true : undefined}
              aria-describedby={describedBy('accepted')}
              onChange={(event) => {
                setAccepted(event.target.checked);
                clearServerError('accepted');
              }}
            />
            Li e concordo
          </label>
          {fieldError('accepted')}
        </div>

        {problem ? (
          <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-3 text-sm">
            <p>{problem.message}</p>
            {problem.retry ? (
              <Button type="submit" variant="outline" className="w-full bg-background sm:w-fit" disabled={submitting}>
                <RotateCw aria-hidden="true" />
                Tentar novamente
              </Button>
            ) : null}
          </div>
        ) : null}

        <Button type="submit" size="lg" className="h-11 w-full text-base sm:w-fit" disabled={submitting}>
          {submitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <PenLine aria-hidden="true" />}
          {submitting ? 'Enviando assinatura...' : 'Assinar recebimento'}
        </Button>
      </Section>
    </form>
  );
}
