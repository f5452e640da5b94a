import { MailOpen, PenSquare } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { codeOf } from '@/lib/errors';
import { useMailList } from '@/features/mail/api/list-mail';
import { useMailThreadOf } from '@/features/mail/api/mail-thread-of';
import { ComposeDialog } from '@/features/mail/components/compose-dialog';
import { ThreadList } from '@/features/mail/components/thread-list';
import { ThreadView } from '@/features/mail/components/thread-view';
import { FOLDER_OPTIONS, MAIL_PAGE_SIZE, NEW_MESSAGE, paramsFromMailView, replyRecipients, replySubject, type ComposeDraft, type MailView } from '@/features/mail/logic';
import { mailMessages } from '@/features/mail/messages';
import { SEARCH_MAX, type MailMessage } from '@/features/mail/schemas';

interface MailPageProps {
  title: string;
  /** What the URL says (the route reads and writes it). */
  view: MailView;
  onView: (view: MailView, options?: { replace?: boolean }) => void;
  myId: string;
  representative: boolean;
}

function href(view: MailView): string {
  const query = paramsFromMailView(view).toString();
  return query ? `?${query}` : '?';
}

/**
 * /correio: folders, the threads of one (searched in the database), and the open thread beside
 * them; on a phone one pane at a time. 'Nova mensagem' and replies open the compose dialog.
 */
export function MailPage({ title, view, onView, myId, representative }: MailPageProps) {
  const list = useMailList(view.folder, view.search, view.page);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);

  // /correio?mensagem=<id> (a notification): open that message's thread.
  const threadOf = useMailThreadOf(view.messageId);
  useEffect(() => {
    if (view.messageId && threadOf.data) onView({ ...view, messageId: null, threadId: threadOf.data }, { replace: true });
  }, [view, threadOf.data, onView]);
  const messageMissing = view.messageId !== null && threadOf.isError;

  // A page past the end (after archiving, or an old link) moves to the last page there is.
  const data = list.data;
  const lastPage = Math.max(0, Math.ceil((data?.total ?? 0) / MAIL_PAGE_SIZE) - 1);
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && view.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onView({ ...view, page: lastPage }, { replace: true });
  }, [pastTheEnd, view, lastPage, onView]);

  const onSearch = useCallback((search: string) => onView({ ...view, search, page: 0, threadId: null }, { replace: true }), [view, onView]);
  const onReply = (message: MailMessage, all: boolean) =>
    setDraft({ recipients: replyRecipients(message, myId, all, representative), subject: replySubject(message.subject), replyTo: message.id });

  const listView: MailView = { ...view, threadId: null, messageId: null };
  const open = view.threadId !== null;
  const unread = view.folder === 'ENTRADA' ? (data?.unread ?? 0) : 0;

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{mailMessages.description}</p>
        </div>
        <Button onClick={() => setDraft(NEW_MESSAGE)}>
          <PenSquare aria-hidden="true" /> {mailMessages.compose}
        </Button>
      </div>

      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]">
        <section aria-labelledby="mail-list-title" className={cn('grid min-w-0 content-start gap-3', open && 'hidden lg:grid')}>
          <h2 id="mail-list-title" className="sr-only">
            Conversas
          </h2>
          <nav aria-label={mailMessages.folders} className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
            {FOLDER_OPTIONS.map((option) => {
              const current = option.value === view.folder;
              return (
                <Link
                  key={option.value}
                  to={href({ folder: option.value, search: '', page: 0, threadId: null, messageId: null })}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    current && 'bg-background text-foreground shadow-sm',
                  )}
                >
                  {option.label}
                  {option.value === 'ENTRADA' && unread > 0 ? (
                    <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
                      <span aria-hidden="true">{unread}</span>
                      <span className="sr-only">{mailMessages.unreadCount(unread)}</span>
                    </span>
                  ) : null}
                </Link>
              );
            })}
          </nav>
          <div className="flex items-end gap-2">
            <SearchField id="mail-search" value={view.search} onSearch={onSearch} placeholder={mailMessages.searchPlaceholder} maxLength={SEARCH_MAX} />
            {list.isFetching && data ? <Spinner className="mb-2.5 size-4" label="Atualizando..." /> : null}
          </div>
          <div className="min-w-0 rounded-xl border bg-card shadow-sm">
            <ThreadList
              folder={view.folder}
              search={view.search}
              page={view.page}
              data={data}
              isLoading={list.isLoading}
              error={list.error}
              onRetry={() => void list.refetch()}
              onClearSearch={() => onSearch('')}
              onPage={(page) => onView({ ...listView, page })}
              threadHref={(threadId) => href({ ...view, threadId, messageId: null })}
              selectedId={view.threadId}
            />
          </div>
        </section>

        <section aria-label="Conversa aberta" className={cn('min-w-0 rounded-xl border bg-card/40 shadow-sm', !open && !view.messageId && 'hidden lg:block')}>
          {view.threadId ? (
            <ThreadView key={view.threadId} threadId={view.threadId} myId={myId} backHref={href(listView)} onReply={onReply} />
          ) : view.messageId ? (
            <div className="grid justify-items-center gap-3 px-4 py-16 text-center text-sm text-muted-foreground" role="status">
              {messageMissing ? (codeOf(threadOf.error) === 'PT404' ? mailMessages.threadNotFound : mailMessages.threadLoadError) : <Spinner className="size-5" label={mailMessages.loading} />}
            </div>
          ) : (
            <div className="grid h-full min-h-60 content-center justify-items-center gap-3 px-4 py-16 text-center text-sm text-muted-foreground">
              <MailOpen aria-hidden="true" className="size-8" />
              <p>{mailMessages.pickThread}</p>
            </div>
          )}
        </section>
      </div>

      <ComposeDialog
        draft={draft}
        userId={myId}
        representative={representative}
        onClose={() => setDraft(null)}
        onSent={(threadId) => {
          setDraft(null);
          // A reply stays in its thread; a new message shows where it went (Enviados).
          if (draft?.replyTo) return;
          onView({ folder: 'ENVIADOS', search: '', page: 0, threadId, messageId: null });
        }}
      />
    </div>
  );
}
