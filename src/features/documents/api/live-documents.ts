import { useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { documentKeys } from '@/features/documents/api/keys';

/**
 * The feed re-reads when a notification for this user arrives (a document published, a new version,
 * a reminder): the database writes one row per recipient, and realtime delivers only the user's own.
 */
export function useLiveDocuments(userId: string) {
  const queryClient = useQueryClient();
  useTableChanges(
    'documents',
    ['notifications'],
    () => void queryClient.invalidateQueries({ queryKey: documentKeys.all }, { cancelRefetch: false }),
    400,
    `user_id=eq.${userId}`,
    'INSERT',
  );
}
