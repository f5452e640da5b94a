import { AlertTriangle, FileUp } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ImportKind } from '@/features/imports/mapping';
import type { ImportSession } from '@/features/imports/use-import-session';

interface ImportSourceStepProps {
  session: ImportSession;
  canImportProducts: boolean;
  unitName: string | null;
  homePath: string;
}

/** Step 1: what is imported (shortages or products) and from which file. */
export function ImportSourceStep({ session, canImportProducts, unitName, homePath }: ImportSourceStepProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-2">
          <Label htmlFor="import-kind">Tipo de importação</Label>
          <Select value={session.kind} onValueChange={(value) => session.changeKind(value as ImportKind)}>
            <SelectTrigger id="import-kind" className="w-48" aria-label="Tipo de importação">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="shortages">Faltas</SelectItem>
              {canImportProducts ? <SelectItem value="products">Produtos</SelectItem> : null}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="import-file">Arquivo (.csv ou .xlsx)</Label>
          {/* The browser's own file button speaks the browser's language; this one always speaks Portuguese. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <input
              ref={fileInput}
              id="import-file"
              type="file"
              accept=".csv,.txt,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="peer sr-only"
              onChange={(event) => void session.chooseFile(event.target.files?.[0])}
            />
            <Button
              type="button"
              variant="outline"
              tabIndex={-1}
              aria-hidden="true"
              className="peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
              onClick={() => fileInput.current?.click()}
            >
              <FileUp />
              Selecionar arquivo
            </Button>
            <span className="max-w-full truncate text-sm text-muted-foreground sm:max-w-56">{session.fileName ?? 'Nenhum arquivo selecionado'}</span>
          </div>
        </div>
        {session.kind === 'shortages' && unitName ? (
          <p className="text-sm text-muted-foreground">
            Unidade: <span className="font-medium text-foreground">{unitName}</span>
          </p>
        ) : null}
      </div>
      {session.needsUnit ? (
        <p role="alert" className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm text-warning-foreground">
          <AlertTriangle aria-hidden="true" className="size-4" />
          Para importar faltas, escolha sua unidade na{' '}
          <Link to={homePath} className="underline">
            página inicial
          </Link>
          .
        </p>
      ) : null}
      {session.parseError ? (
        <p role="alert" className="text-sm text-destructive">
          {session.parseError}
        </p>
      ) : null}
    </>
  );
}
