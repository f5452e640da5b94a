import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Eye, FileSignature, MoreHorizontal, Pencil, Send, Trash2 } from 'lucide-react';
import { Fragment, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { editShipmentPath } from '@/config/paths';
import { cn } from '@/lib/utils';
import { availableActions, formatShipmentNumber, signaturePagePath, type ShipmentAction } from '@/features/shipments/logic';
import type { ShipmentRow, ShipmentViewer } from '@/features/shipments/types';

const ICONS: Record<ShipmentAction, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  details: Eye,
  edit: Pencil,
  dispatch: Send,
  signature: FileSignature,
  delete: Trash2,
};

const ACTION_LABELS: Record<ShipmentAction, string> = {
  details: 'Ver detalhes',
  edit: 'Editar',
  dispatch: 'Despachar',
  signature: 'Assinatura',
  delete: 'Excluir',
};

const itemClass =
  'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0';

interface RowActionsProps {
  row: ShipmentRow;
  viewer: ShipmentViewer;
  /** Details, dispatch and delete open on the page (sheet, confirmations); edit and signature are links. */
  onAction: (action: 'details' | 'dispatch' | 'delete', row: ShipmentRow) => void;
}

/**
 * The row's next step as a visible button (Despachar for the origin of a requested shipment,
 * Assinatura once dispatched) and the "⋯" menu with everything its status allows.
 */
export function RowActions({ row, viewer, onAction }: RowActionsProps) {
  const actions = availableActions(row, viewer);
  const number = formatShipmentNumber(row.number);
  const primary: ShipmentAction | null = actions.includes('dispatch') ? 'dispatch' : actions.includes('signature') ? 'signature' : actions.includes('edit') ? 'edit' : null;
  return (
    <div className="flex items-center justify-end gap-1">
      {primary === 'signature' ? (
        <Button asChild variant="outline" size="sm" className="h-8">
          <Link to={signaturePagePath(row.id)} aria-label={`Assinatura da remessa ${number}`}>
            <FileSignature aria-hidden="true" /> Assinatura
          </Link>
        </Button>
      ) : primary === 'dispatch' ? (
        <Button variant="outline" size="sm" className="h-8" aria-label={`Despachar remessa ${number}`} onClick={() => onAction('dispatch', row)}>
          <Send aria-hidden="true" /> Despachar
        </Button>
      ) : primary === 'edit' ? (
        <Button asChild variant="outline" size="sm" className="h-8">
          <Link to={editShipmentPath(row.id)} aria-label={`Editar remessa ${number}`}>
            <Pencil aria-hidden="true" /> Editar
          </Link>
        </Button>
      ) : null}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações da remessa ${number}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
            {actions.map((action) => {
              const Icon = ICONS[action];
              const content = (
                <>
                  <Icon aria-hidden={true} />
                  {ACTION_LABELS[action]}
                </>
              );
              return (
                <Fragment key={action}>
                  {action === 'delete' ? <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" /> : null}
                  {action === 'edit' || action === 'signature' ? (
                    <DropdownMenu.Item asChild className={itemClass}>
                      <Link to={action === 'edit' ? editShipmentPath(row.id) : signaturePagePath(row.id)}>{content}</Link>
                    </DropdownMenu.Item>
                  ) : (
                    <DropdownMenu.Item
                      onSelect={() => onAction(action, row)}
                      className={cn(itemClass, action === 'delete' && 'text-destructive data-[highlighted]:text-destructive dark:text-red-400')}
                    >
                      {content}
                    </DropdownMenu.Item>
                  )}
                </Fragment>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
