import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
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

export const UNSAVED_CHANGES_TITLE = 'Descartar alterações?';
export const UNSAVED_CHANGES_DESCRIPTION = 'Há alterações que ainda não foram salvas. Se sair agora, o que foi digitado será perdido.';

interface UnsavedChangesGuardProps {
  /** True while something typed is unsaved or a save is still pending. */
  when: boolean;
  title?: string;
  description?: string;
}

/**
 * The leave-page warning for any screen with unsaved or pending changes: the browser's own prompt
 * on reload, close or an outside link (beforeunload), and a confirmation dialog on in-app
 * navigation to another page (react-router's blocker; a change of search parameters on the same
 * page is not leaving).
 */
export function UnsavedChangesGuard({ when, title = UNSAVED_CHANGES_TITLE, description = UNSAVED_CHANGES_DESCRIPTION }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // Nothing left to lose (saved meanwhile): let a navigation that was held go on.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  return (
    <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Continuar editando</AlertDialogCancel>
          <Button variant="destructive" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            Descartar e sair
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
