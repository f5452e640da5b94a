import { Archive, ArrowLeft, Check, Download, Inbox, Paperclip, Reply, ReplyAll } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatTime } from '@/lib/dates';
import { codeOf } from '@/lib/errors';
import { useArchiveMailThread } from '@/features/mail/api/archive-mail-thread';
import { useDownloadMailAttachment } from '@/features/mail/api/download-mail-attachment';
import { useMailThread } from '@/features/mail/api/get-mail-thread';
import { useMarkMailThreadRead } from '@/features/mail/api/mark-mail-thread-read';
import { addressedToLine, formatFileSize, hasUnreadFor, readReceiptLine } from '@/features/mail/logic';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import type { MailMessage } from '@/features/mail/schemas';

interface ThreadViewProps {
  threadId: string;
  myId: string;
  /** Back to the list (the phone's one-pane view shows it as a button). */
  backHref: string;
  onReply: (message: MailMessage, all: boolean) => void;
}

/**
 * One conversation: each message with its sender, recipients, read receipts and attachments; opening
 * it marks the caller's copies read; 'Responder', 'Responder a todos', 'Arquivar' / 'Mover para a entrada'.
 */
export function ThreadView({ threadId, myId, backHref, onReply }: ThreadViewProps) {
  const thread = useMailThread(threadId);
  const markRead = useMarkMailThreadRead();
  const archive = useArchiveMailThread();
  const heading = useRef<HTMLHeadingElement>(null);
  const unread = thread.data ? hasUnreadFor(thread.data.messages, myId) : false;
  const { mutate: markThreadRead } = markRead;

  // Opening marks it read (once per unread state: the refetch after it shows the receipts).
  useEffect(() => {
    if (unread) markThreadRead(threadId);
  }, [unread, threadId, markThreadRead]);

  // A thread opened from the list moves the focus to its subject (the phone swaps panes).
  const loaded = thread.data?.thread_id;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit lg:hidden">
      <Link to={backHref}>
        <ArrowLeft aria-hidden="true" /> {mailMessages.backToList}
      </Link>
    </Button>
  );

  if (thread.isError && !thread.data)
    return (
      <div className="grid gap-3 p-4">
        {back}
        {codeOf(thread.error) === 'PT404' ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {mailMessages.threadNotFound}
          </p>
        ) : (
          <LoadError message={mailMessages.threadLoadError} detail={mailErrorMessage(thread.error)} onRetry={() => void thread.refetch()} />
        )}
      </div>
    );
  if (!thread.data)
    return (
      <div className="grid gap-3 p-4">
        <span className="sr-only" role="status">
          Carregando a conversa...
        </span>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    );

  const { messages, subject, archived } = thread.data;
  const last = messages.at(-1);
  return (
    <div className="grid min-w-0 content-start gap-4 p-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="min-w-0 text-lg font-semibold break-words outline-none">
          {subject}
        </h2>
        <Button
          variant="outline"
          size="sm"
          disabled={archive.isPending}
          onClick={() => archive.mutate({ threadId, archived: !archived })}
        >
          {archived ? <Inbox aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {archived ? mailMessages.unarchive : mailMessages.archive}
        </Button>
      </div>
      <ol className="grid gap-3" aria-label="Mensagens da conversa">
        {messages.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} myId={myId} />
          </li>
        ))}
      </ol>
      {last ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onReply(last, false)}>
            <Reply aria-hidden="true" /> {mailMessages.reply}
          </Button>
          <Button variant="outline" onClick={() => onReply(last, true)}>
            <ReplyAll aria-hidden="true" /> {mailMessages.replyAll}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function MessageCard({ message, myId }: { message: MailMessage; myId: string }) {
  const download = useDownloadMailAttachment();
  const others = message.recipients.filter((recipient) => recipient.id !== myId);
  const read = others.filter((recipient) => recipient.read_at !== null).length;
  const to = addressedToLine(message);
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm" aria-label={`Mensagem de ${message.sender.name ?? 'Usuário'}`}>
      <header className="grid gap-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium">{message.mine ? `${message.sender.name ?? 'Você'} (você)` : (message.sender.name ?? 'Usuário')}</span>
          <time dateTime={message.created_at} className="text-xs text-muted-foreground tabular-nums">
            {formatDate(message.created_at)} às {formatTime(message.created_at)}
          </time>
        </div>
        {to ? <p className="text-sm break-words text-muted-foreground">{mailMessages.toLine(to)}</p> : null}
      </header>
      <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
      {message.attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={mailMessages.attachments}>
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <Button
                variant="outline"
                size="sm"
                className="max-w-full"
                disabled={download.isPending}
                aria-label={mailMessages.download(attachment.file_name)}
                onClick={() => download.mutate(attachment)}
              >
                <Paperclip aria-hidden="true" />
                <span className="truncate">{attachment.file_name}</span>
                <span className="text-xs text-muted-foreground">{formatFileSize(attachment.size_bytes)}</span>
                <Download aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? <Receipts recipients={others} read={read} /> : null}
    </article>
  );
}

/** The read receipts: each line when there are few, behind 'Lida por 2 de 9 destinatários' when many. */
function Receipts({ recipients, read }: { recipients: MailMessage['recipients']; read: number }) {
  const lines = (
    <ul className="grid gap-0.5 text-xs text-muted-foreground">
      {recipients.map((recipient) => (
        <li key={recipient.id} className="flex items-center gap-1">
          {recipient.read_at ? <Check aria-hidden="true" className="size-3.5 text-primary" /> : <span aria-hidden="true" className="inline-block size-3.5" />}
          {readReceiptLine(recipient)}
        </li>
      ))}
    </ul>
  );
  if (recipients.length <= 3) return lines;
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer">{mailMessages.readBy(read, recipients.length)}</summary>
      <div className="pt-1">{lines}</div>
    </details>
  );
}
