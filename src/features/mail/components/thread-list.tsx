import { Archive, Inbox, Paperclip, SearchX, Send, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatMailDate, MAIL_PAGE_SIZE } from '@/features/mail/logic';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import type { MailFolder, MailPage, MailThreadSummary } from '@/features/mail/schemas';

interface ThreadListProps {
  folder: MailFolder;
  search: string;
  page: number;
  data: MailPage | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onClearSearch: () => void;
  onPage: (page: number) => void;
  /** The link that opens a thread (keeps the folder, search and page). */
  threadHref: (threadId: string) => string;
  selectedId: string | null;
  now?: Date;
}

const EMPTY_ICONS = { ENTRADA: Inbox, ENVIADOS: Send, ARQUIVO: Archive } as const;
const EMPTY_TEXTS = { ENTRADA: mailMessages.emptyInbox, ENVIADOS: mailMessages.emptySent, ARQUIVO: mailMessages.emptyArchive } as const;

/** Who a row names: the last sender in the inbox and archive; whom it went to in Enviados. */
function rowPeople(folder: MailFolder, thread: MailThreadSummary): string {
  if (folder === 'ENVIADOS') {
    const names = thread.participants.map((person) => person.name ?? 'Usuário');
    return mailMessages.toLine(names.length > 0 ? names.join(', ') : mailMessages.noOne);
  }
  return thread.last_sender.name ?? 'Usuário';
}

/** A folder's threads: unread ones stand out; loading, empty and failed states say what is going on. */
export function ThreadList({ folder, search, page, data, isLoading, error, onRetry, onClearSearch, onPage, threadHref, selectedId, now }: ThreadListProps) {
  if (error && !data) return <LoadError message={mailMessages.loadError} detail={mailErrorMessage(error)} onRetry={onRetry} />;
  if (isLoading || !data)
    return (
      <div className="grid gap-2 p-2">
        <span className="sr-only" role="status">
          {mailMessages.loading}
        </span>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  if (data.items.length === 0) {
    const searching = search.trim() !== '';
    const Icon = searching ? SearchX : EMPTY_ICONS[folder];
    return (
      <div className="grid justify-items-center gap-3 px-4 py-10 text-center">
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{searching ? mailMessages.emptySearch : EMPTY_TEXTS[folder]}</p>
        {searching ? (
          <Button variant="outline" onClick={onClearSearch}>
            <X aria-hidden="true" /> {mailMessages.clearSearch}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid">
      {error ? (
        <div className="p-2">
          <LoadError message={mailMessages.loadError} detail={mailErrorMessage(error)} onRetry={onRetry} />
        </div>
      ) : null}
      <ul className="divide-y" aria-label="Conversas">
        {data.items.map((thread) => (
          <li key={thread.thread_id}>
            <Link
              to={threadHref(thread.thread_id)}
              aria-current={thread.thread_id === selectedId ? 'true' : undefined}
              data-unread={thread.unread ? 'true' : undefined}
              className={cn(
                'grid gap-0.5 px-3 py-2.5 outline-none hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring',
                thread.thread_id === selectedId && 'bg-muted',
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                {thread.unread ? (
                  <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                ) : null}
                {thread.unread ? <span className="sr-only">{mailMessages.unread}: </span> : null}
                <span className={cn('min-w-0 flex-1 truncate text-sm', thread.unread ? 'font-semibold' : 'text-muted-foreground')}>{rowPeople(folder, thread)}</span>
                {thread.has_attachments ? <Paperclip aria-label={mailMessages.withAttachments} role="img" className="size-3.5 shrink-0 text-muted-foreground" /> : null}
                {thread.messages > 1 ? (
                  <span className="shrink-0 rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums" title={mailMessages.messagesInThread(thread.messages)}>
                    <span aria-hidden="true">{thread.messages}</span>
                    <span className="sr-only">{mailMessages.messagesInThread(thread.messages)}</span>
                  </span>
                ) : null}
                <time dateTime={thread.last_message_at} className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {formatMailDate(thread.last_message_at, now)}
                </time>
              </span>
              <span className={cn('truncate text-sm', thread.unread && 'font-semibold')}>{thread.subject}</span>
              <span className="line-clamp-1 text-xs text-muted-foreground">{thread.excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
      {data.total > MAIL_PAGE_SIZE || page > 0 ? (
        <div className="px-3 pb-2">
          <Pager page={page} pageSize={MAIL_PAGE_SIZE} total={data.total} empty="Nenhuma conversa" onPage={onPage} />
        </div>
      ) : null}
    </div>
  );
}
