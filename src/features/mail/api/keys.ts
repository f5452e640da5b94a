import type { MailFolder } from '@/features/mail/schemas';

/** Query keys of /correio and the sidebar's unread count (one factory; every queryFn variable is in its key). */
export const mailKeys = {
  all: ['mail'] as const,
  lists: () => [...mailKeys.all, 'list'] as const,
  list: (folder: MailFolder, search: string, page: number) => [...mailKeys.lists(), folder, search, page] as const,
  threads: () => [...mailKeys.all, 'thread'] as const,
  thread: (threadId: string) => [...mailKeys.threads(), threadId] as const,
  threadOf: (messageId: string) => [...mailKeys.all, 'thread-of', messageId] as const,
  unreadCount: () => [...mailKeys.all, 'unread-count'] as const,
  recipients: (query: string) => [...mailKeys.all, 'recipients', query] as const,
};

/** Mutation keys of the mail writes (src/app/freshness.ts may refresh other features' caches after them). */
export const mailMutations = {
  send: ['mail', 'mutation', 'send'] as const,
  markRead: ['mail', 'mutation', 'mark-read'] as const,
  archive: ['mail', 'mutation', 'archive'] as const,
};
