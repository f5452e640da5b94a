import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage } from '@/features/purchasing/messages';

/** Spec §8: a failed load shows its toast once (destructive), besides the inline message. */
export function useErrorToast(isError: boolean, title: string, error: unknown) {
  useEffect(() => {
    if (isError) toast({ title, description: purchasingErrorMessage(error, 'Tente novamente em instantes.'), variant: 'destructive' });
  }, [isError, title, error]);
}
