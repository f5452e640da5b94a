import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, CircleCheck, History, MoreHorizontal, Paperclip, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Fragment, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { availableActions, reopenLabel, rowName, type BoletoAction } from '@/features/boletos/logic';
import type { BoletoRow } from '@/features/boletos/types';

const ICONS: Record<BoletoAction, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  pay: CircleCheck,
  edit: Pencil,
  cancel: Ban,
  reopen: RotateCcw,
  delete: Trash2,
  history: History,
  attachments: Paperclip,
};

function actionLabel(action: BoletoAction, row: BoletoRow): string {
  switch (action) {
    case 'pay':
      return 'Marcar como pago';
    case 'edit':
      return 'Editar';
    case 'cancel':
      return 'Cancelar boleto';
    case 'reopen':
      return reopenLabel(row.status);
    case 'delete':
      return 'Excluir';
    case 'history':
      return 'Histórico';
    case 'attachments':
      return row.attachments > 0 ? `Anexos (${row.attachments})` : 'Anexos';
  }
}

/** The "⋯" menu of a row: what its status (and the caller's role) allows. */
export function RowActions({ row, isAdmin, onAction }: { row: BoletoRow; isAdmin: boolean; onAction: (action: BoletoAction, row: BoletoRow) => void }) {
  const actions = availableActions(row, isAdmin);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações do boleto de ${rowName(row)}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {actions.map((action, index) => {
            const Icon = ICONS[action];
            const destructive = action === 'cancel' || action === 'delete';
            const separated = destructive && index > 0 && actions[index - 1] !== 'cancel';
            return (
              <Fragment key={action}>
                {separated ? <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" /> : null}
                <DropdownMenu.Item
                  onSelect={() => onAction(action, row)}
                  className={cn(
                    'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0',
                    destructive && 'text-destructive data-[highlighted]:text-destructive dark:text-red-400',
                  )}
                >
                  <Icon aria-hidden={true} />
                  {actionLabel(action, row)}
                </DropdownMenu.Item>
              </Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
