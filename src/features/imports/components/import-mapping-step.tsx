import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { IMPORT_FIELDS } from '@/features/imports/mapping';
import type { ImportSession } from '@/features/imports/use-import-session';

const NOT_MAPPED = 'none';

/** Step 2: which column of the file each field is read from (guessed from the headers, changeable). */
export function ImportMappingStep({ session, headers }: { session: ImportSession; headers: readonly string[] }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Mapeamento de colunas</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS[session.kind].map((field) => (
          <div key={field.key} className="grid gap-1.5">
            <Label htmlFor={`map-${field.key}`}>{field.label}</Label>
            <Select
              value={session.mapping[field.key] == null ? NOT_MAPPED : String(session.mapping[field.key])}
              onValueChange={(value) => session.mapColumn(field.key, value === NOT_MAPPED ? null : Number(value))}
            >
              <SelectTrigger id={`map-${field.key}`} aria-label={`Coluna de ${field.label}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_MAPPED}>Não importar</SelectItem>
                {headers.map((header, index) => (
                  <SelectItem key={index} value={String(index)}>
                    {header}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
