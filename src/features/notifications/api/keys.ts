/** Query keys of the notifications bell (one factory; every queryFn variable is in its key). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, 'list', userId] as const,
  unread: (userId: string) => [...notificationKeys.all, 'unread', userId] as const,
};

export const notificationMutations = {
  markRead: ['notifications', 'mutation', 'mark-read'] as const,
};
