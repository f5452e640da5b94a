import { FilePlus2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { useLiveDocuments } from '@/features/documents/api/live-documents';
import { useOpenNotification } from '@/features/documents/api/open-notification';
import { DocumentEditorDialog } from '@/features/documents/components/document-editor-dialog';
import { DocumentSheet } from '@/features/documents/components/document-sheet';
import { DocumentsFeed } from '@/features/documents/components/documents-feed';
import { listParamsFromSearch, SEARCH_MAX, withListParams, type DocumentFilter, type DocumentListParams } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import type { DocumentDetail } from '@/features/documents/schemas';
import { codeOf } from '@/lib/errors';
import { toAppDateString } from '@/lib/dates';
import { cn } from '@/lib/utils';

interface DocumentsPageProps {
  title: string;
  user: { id: string; name: string };
  /** MANAGE_DOCUMENTS holders and ADMIN: 'Gerenciar', 'Novo documento' (the database decides again). */
  canManage: boolean;
  /** Every store unit, for the publisher's audience. */
  units: readonly { id: string; name: string }[];
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  /** Where a notification that is not about a document leads (mail): the app decides. */
  onOtherNotification: (notification: { mail_message_id: string | null }) => void;
}

/**
 * /documentos: the feed (search, 'Todos' / 'Pendentes' / 'Gerenciar', pending demands first), one
 * document in a sheet (?documento=<id>, a link that can be shared), publishing and receipts for
 * publishers. /documentos?notification=<id> opens that notification's document and marks it read.
 */
export function DocumentsPage({ title, user, canManage, units, params, setParams, onOtherNotification }: DocumentsPageProps) {
  useLiveDocuments(user.id);
  const today = toAppDateString(new Date());
  const listParams = listParamsFromSearch(params, canManage);
  const openId = params.get('documento');
  const notificationId = params.get('notification');
  const [editor, setEditor] = useState<'new' | DocumentDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const setList = useCallback(
    (next: DocumentListParams) => setParams((current) => withListParams(current, next), { replace: true }),
    [setParams],
  );
  const open = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('documento', id);
        else next.delete('documento');
        return next;
      }),
    [setParams],
  );

  // ?notification=<id>: open_notification marks it read and names its document; the parameter is dropped (replace).
  const { mutate: openNotification } = useOpenNotification();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!notificationId || handled.current === notificationId) return;
    handled.current = notificationId;
    openNotification(notificationId, {
      onSuccess: (notification) => {
        setNotice(null);
        if (!notification.document_id && notification.mail_message_id) {
          onOtherNotification(notification);
          return;
        }
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('notification');
            if (notification.document_id) next.set('documento', notification.document_id);
            return next;
          },
          { replace: true },
        );
      },
      onError: (error) => {
        setNotice(codeOf(error) === 'PT404' || codeOf(error) === '22P02' ? documentMessages.notificationNotFound : `${documentMessages.notificationError}: ${documentErrorMessage(error)}`);
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('notification');
            return next;
          },
          { replace: true },
        );
      },
    });
  }, [notificationId, openNotification, setParams, onOtherNotification]);

  const filters: { value: DocumentFilter; label: string }[] = [
    { value: 'TODOS', label: documentMessages.filterAll },
    { value: 'PENDENTES', label: documentMessages.filterPending },
    ...(canManage ? [{ value: 'GERENCIAR' as const, label: documentMessages.filterManage }] : []),
  ];

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{documentMessages.pageDescription}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setEditor('new')}>
            <FilePlus2 aria-hidden="true" /> {documentMessages.newDocument}
          </Button>
        ) : null}
      </div>

      {notice ? (
        <div role="alert" className="flex items-start justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>{notice}</p>
          <Button variant="ghost" size="icon" className="size-6 shrink-0" aria-label="Fechar aviso" onClick={() => setNotice(null)}>
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      <section aria-labelledby="documents-list-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="documents-list-title" className="sr-only">
          Documentos
        </h2>
        <div className="flex min-w-0 flex-wrap items-end gap-3">
          <div role="group" aria-label="Filtro" className="inline-flex rounded-md border p-0.5">
            {filters.map((filter) => (
              <Button
                key={filter.value}
                type="button"
                size="sm"
                variant="ghost"
                aria-pressed={listParams.filter === filter.value}
                className={cn(listParams.filter === filter.value && 'bg-secondary text-secondary-foreground')}
                onClick={() => setList({ ...listParams, filter: filter.value, page: 0 })}
              >
                {filter.label}
              </Button>
            ))}
          </div>
          <SearchField
            id="documents-search"
            value={listParams.search}
            placeholder={documentMessages.searchPlaceholder}
            maxLength={SEARCH_MAX}
            onSearch={(search) => setList({ ...listParams, search, page: 0 })}
          />
        </div>
        <DocumentsFeed
          params={listParams}
          today={today}
          onPage={(page) => setList({ ...listParams, page })}
          onClear={() => setList({ search: '', filter: 'TODOS', page: 0 })}
          onOpen={(id) => open(id)}
        />
      </section>

      <DocumentSheet documentId={openId} today={today} userName={user.name} onClose={() => open(null)} onEdit={(document) => setEditor(document)} />
      <DocumentEditorDialog
        target={editor}
        units={units}
        today={today}
        onClose={() => setEditor(null)}
        onSaved={(id) => {
          setEditor(null);
          open(id);
        }}
      />
    </div>
  );
}
