import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** The footer of the time clock's form dialogs: 'Voltar' closes without acting; the submit waits for the pending write. */
export function FormFooter({ pending, submitLabel, onClose }: { pending: boolean; submitLabel: string; onClose: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose}>
        Voltar
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** The database's refusal of a form's write, shown in the form (errors.root), announced to screen readers. */
export function FormRootError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm break-words text-destructive">
      {message}
    </p>
  ) : null;
}
