import { BellRing, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ROLE_LABELS, ROLES, type Role } from '@/config/permissions';
import { useDocumentReceipts } from '@/features/documents/api/get-document-receipts';
import { useRemindDocumentPending } from '@/features/documents/api/remind-document-pending';
import { ActionList } from '@/features/documents/components/action-section';
import { percent, RECEIPT_COLUMNS, receiptRows, safeStorageName } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import type { DocumentDetail } from '@/features/documents/schemas';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { downloadCsvTable } from '@/lib/spreadsheet/write';

function roleLabel(role: string): string {
  return (ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as Role] : role;
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border p-3 text-center">
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </div>
  );
}

/** Publishers: who of the audience read, acknowledged and acted; CSV export and a reminder to the pending ones. */
export function ReceiptsPanel({ document }: { document: DocumentDetail }) {
  const receipts = useDocumentReceipts(document.id, true);
  const remind = useRemindDocumentPending();
  if (receipts.isError)
    return <LoadError message={documentMessages.receiptsLoadError} detail={documentErrorMessage(receipts.error)} onRetry={() => void receipts.refetch()} />;
  if (!receipts.data) return <Skeleton className="h-48 w-full" />;
  const data = receipts.data;
  const { totals } = data;
  const exportCsv = () =>
    downloadCsvTable(RECEIPT_COLUMNS, receiptRows(data, roleLabel, (at) => formatDateTime(at, true)), `confirmacoes-${safeStorageName(document.title).slice(0, 60)}.csv`);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure value={percent(totals.read, totals.audience)} label={`${documentMessages.percentRead} (${formatNumber(totals.read)} de ${formatNumber(totals.audience)})`} />
        <Figure
          value={percent(totals.acknowledged, totals.audience)}
          label={`${documentMessages.percentAcknowledged} (${formatNumber(totals.acknowledged)} de ${formatNumber(totals.audience)})`}
        />
        {data.demand === 'ACAO' ? <Figure value={`${formatNumber(totals.units_done)} de ${formatNumber(totals.units)}`} label={documentMessages.unitsDone} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={exportCsv}>
          <Download aria-hidden="true" /> {documentMessages.exportCsv}
        </Button>
        {data.demand !== 'NENHUMA' ? (
          <Button variant="outline" disabled={remind.isPending} onClick={() => remind.mutate(document.id)}>
            <BellRing aria-hidden="true" /> {documentMessages.remind}
          </Button>
        ) : null}
        {data.last_reminder_at ? <span className="text-xs text-muted-foreground">{documentMessages.lastReminder(data.last_reminder_at)}</span> : null}
      </div>

      <section aria-labelledby="receipts-units" className="grid min-w-0 gap-2">
        <h3 id="receipts-units" className="font-semibold">
          {documentMessages.perUnit}
        </h3>
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Unidade</TableHead>
                <TableHead className="text-right">Pessoas</TableHead>
                <TableHead className="text-right">Leram</TableHead>
                <TableHead className="text-right">Cientes</TableHead>
                {data.demand === 'ACAO' ? <TableHead>Ação</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.units.map((unit) => (
                <TableRow key={unit.unit_id ?? 'none'}>
                  <TableCell className="font-medium">{unit.unit_name}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(unit.people)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(unit.read)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(unit.acknowledged)}</TableCell>
                  {data.demand === 'ACAO' ? <TableCell>{unit.done === null ? '—' : unit.done ? documentMessages.done : documentMessages.pending}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {data.demand === 'ACAO' ? <ActionList actions={data.units.flatMap((unit) => unit.actions)} /> : null}
      </section>

      <section aria-labelledby="receipts-people" className="grid min-w-0 gap-2">
        <h3 id="receipts-people" className="font-semibold">
          {documentMessages.perPerson}
        </h3>
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Pessoa</TableHead>
                <TableHead>Unidade</TableHead>
                <TableHead>Lido em</TableHead>
                <TableHead>Ciente em</TableHead>
                <TableHead>Situação</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.people.map((person) => (
                <TableRow key={`${person.user_id}:${person.unit_id ?? ''}`}>
                  <TableCell className="font-medium">
                    {person.name}
                    <span className="block text-xs text-muted-foreground">{roleLabel(person.role)}</span>
                  </TableCell>
                  <TableCell>{person.unit_name ?? 'Sem unidade'}</TableCell>
                  <TableCell>{person.read_at ? formatDateTime(person.read_at) : '—'}</TableCell>
                  <TableCell>{person.acknowledged_at ? formatDateTime(person.acknowledged_at) : '—'}</TableCell>
                  <TableCell>{person.pending ? documentMessages.pending : 'Em dia'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </section>
    </div>
  );
}
