import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAddBatchItems } from '@/features/purchasing/api/add-batch-items';
import { useRequestIds } from '@/hooks/use-request-id';
import { usePendingShortages } from '@/features/purchasing/api/get-pending-shortages';
import { ShortagePicker } from '@/features/purchasing/components/shortage-picker';
import { LoadError } from '@/components/ui/load-error';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';

export function AddItemsDialog({ batchId }: { batchId: string }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const pending = usePendingShortages(open);
  const add = useAddBatchItems();
  const requests = useRequestIds();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListPlus aria-hidden="true" /> Adicionar itens
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Adicionar itens ao lote</DialogTitle>
          <DialogDescription>Itens que já estão em outro lote são ignorados.</DialogDescription>
        </DialogHeader>
        {pending.isLoading ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label="Carregando faltas pendentes" />
          </div>
        ) : pending.isError ? (
          <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(pending.error)} onRetry={() => void pending.refetch()} />
        ) : (
          <ShortagePicker shortages={pending.data ?? []} selected={selected} onChange={setSelected} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Voltar
          </Button>
          <Button
            disabled={selected.size === 0 || add.isPending}
            onClick={() => {
              const shortageIds = [...selected].sort();
              add.mutate(
                { batchId, shortageIds, requestId: requests.idFor(JSON.stringify([batchId, shortageIds])) },
                {
                  onSuccess: (result) => {
                    requests.done();
                    if (result.added > 0) {
                      setSelected(new Set());
                      setOpen(false);
                    }
                  },
                },
              );
            }}
          >
            Adicionar {selected.size > 0 ? `(${selected.size})` : ''}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
