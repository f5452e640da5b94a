import { Copy, ShieldAlert } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { WarningItem } from '@/features/boletos/entry-logic';
import { boletoEntryMessages } from '@/features/boletos/messages';

interface EntryWarningsDialogProps {
  /** Null: closed. */
  items: readonly WarningItem[] | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The warnings found before saving, each explained; saving takes an explicit 'Salvar mesmo assim'.
 * Cancel (or Escape) goes back to the form with everything typed.
 */
export function EntryWarningsDialog({ items, onCancel, onConfirm }: EntryWarningsDialogProps) {
  const fraud = items?.some((item) => item.severity === 'fraud') ?? false;
  return (
    <AlertDialog open={items !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent className="sm:max-w-xl">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <ShieldAlert aria-hidden="true" className={cn('size-5', fraud ? 'text-destructive' : 'text-amber-600 dark:text-amber-400')} />
            {boletoEntryMessages.warningsTitle}
          </AlertDialogTitle>
          <AlertDialogDescription>{boletoEntryMessages.warningsDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2">
          {(items ?? []).map((item, index) => (
            <li
              key={`${item.kind}-${index}`}
              className={cn(
                'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
                item.severity === 'fraud'
                  ? 'border-destructive/50 bg-destructive/10 text-destructive dark:bg-destructive/20'
                  : 'border-amber-500/40 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100',
              )}
            >
              {item.severity === 'fraud' ? (
                <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <Copy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              )}
              <span className={item.severity === 'fraud' ? 'font-medium' : undefined}>{item.text}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{boletoEntryMessages.warningsQuestion}</p>
        <AlertDialogFooter>
          <AlertDialogCancel>Voltar</AlertDialogCancel>
          <Button variant={fraud ? 'destructive' : 'default'} onClick={onConfirm}>
            {boletoEntryMessages.confirmAnyway}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
