import { Building2 } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { UnitOption } from '@/features/home/types';

const NO_UNIT = 'none';

interface UnitSwitcherProps {
  currentUnitId: string | null;
  units: readonly UnitOption[];
  disabled?: boolean;
  onConfirm: (unit: UnitOption | null) => void;
}

/** Picks a unit, then asks for confirmation before changing the user's own unit. */
export function UnitSwitcher({ currentUnitId, units, disabled, onConfirm }: UnitSwitcherProps) {
  const [pending, setPending] = useState<UnitOption | null | undefined>(undefined);

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Label htmlFor="unit-switcher" className="text-muted-foreground">
        <Building2 aria-hidden="true" className="size-4" />
        Alterar unidade
      </Label>
      <Select
        value={currentUnitId ?? NO_UNIT}
        disabled={disabled}
        onValueChange={(value) => setPending(value === NO_UNIT ? null : (units.find((u) => u.id === value) ?? null))}
      >
        <SelectTrigger id="unit-switcher" className="sm:w-56" aria-label="Alterar unidade">
          <SelectValue placeholder="Selecione uma unidade" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_UNIT}>Nenhuma unidade</SelectItem>
          {units.map((unit) => (
            <SelectItem key={unit.id} value={unit.id}>
              {unit.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <AlertDialog open={pending !== undefined} onOpenChange={(open) => !open && setPending(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirmar alteração de unidade</AlertDialogTitle>
            <AlertDialogDescription>
              {pending
                ? `Deseja se associar à ${pending.name}? As faltas e os dados exibidos passarão a ser os desta unidade.`
                : 'Deseja remover sua associação com a unidade atual?'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (pending !== undefined) onConfirm(pending);
                setPending(undefined);
              }}
            >
              Confirmar
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
