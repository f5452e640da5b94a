/**
 * Cross-feature freshness, in one place the app layer owns: when a feature's write changes data
 * another feature caches, the lists that show it refresh at once, and only those. Features name
 * their writes with mutation keys and their reads with query-key factories; they never import each
 * other, so only this layer can connect the two. A feature still invalidates its own keys itself.
 */
import { hashKey, type MutationKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeyRoots } from '@/lib/query-keys';
import { importKeys, importMutations } from '@/features/imports/api/keys';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import { userAdminMutations } from '@/features/users/api/keys';
import { authKeys, authMutations } from '@/features/auth/api/keys';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { boletoReportKeys } from '@/features/boleto-report/api/keys';
import { shipmentSignatureKeys, shipmentSignatureMutations } from '@/features/shipment-signatures/api/keys';
import { scheduleMutations } from '@/features/schedules/api/keys';
import { shipmentKeys, shipmentMutations } from '@/features/shipments/api/keys';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { notificationKeys } from '@/features/notifications/api/keys';
import { processFlowKeys } from '@/features/process-flow/api/keys';

/** What each cross-feature write refreshes outside its own feature. */
export const CROSS_FEATURE_REFRESHES: readonly { mutation: MutationKey; refreshes: readonly QueryKey[]; why: string }[] = [
  // Batch actions move shortages through their statuses and in and out of batches (spec §4).
  ...[
    purchasingMutations.createBatch,
    purchasingMutations.addBatchItems,
    purchasingMutations.removeBatchItem,
    purchasingMutations.deleteBatch,
    purchasingMutations.sendBatch,
    purchasingMutations.updateBatchQuantities,
    purchasingMutations.selectWinners,
    purchasingMutations.generateOrders,
    purchasingMutations.receiveOrder,
  ].map((mutation) => ({ mutation, refreshes: [shortageKeys.all], why: 'shortage status, batch or quantity changed' })),
  // A registered, edited or deleted shortage changes what the buyer can put in a batch.
  ...Object.values(shortageMutations).map((mutation) => ({
    mutation,
    refreshes: [purchasingKeys.pendingShortages()],
    why: 'the buyers’ queue of pending shortages changed',
  })),
  {
    mutation: importMutations.importRows,
    refreshes: [shortageKeys.all, purchasingKeys.pendingShortages(), queryKeyRoots.products, queryKeyRoots.categories],
    why: 'an import adds shortages, products and categories',
  },
  {
    mutation: userAdminMutations.saveUnit,
    refreshes: [authKeys.units(), authKeys.unitNames(), authKeys.sessionUsers()],
    why: 'unit names show in the header, the unit switch, the sign-up page and /lancamento',
  },
  {
    mutation: userAdminMutations.updateUser,
    refreshes: [authKeys.all],
    why: "an administrator may change their own name, unit or units: the session user and unit switch follow",
  },
  // Every boleto write moves the payables report (due today, overdue, paid in the period).
  ...Object.values(boletoMutations).map((mutation) => ({ mutation, refreshes: [boletoReportKeys.all], why: 'the payables report sums these boletos' })),
  // A saved, dispatched or deleted shipment changes what waits for a signature, and a link made or
  // revoked changes the 'link ativo até' of /remessas.
  ...Object.values(shipmentMutations).map((mutation) => ({ mutation, refreshes: [shipmentSignatureKeys.all], why: 'shipments awaiting a signature changed' })),
  ...[shipmentSignatureMutations.createLink, shipmentSignatureMutations.revokeLink].map((mutation) => ({
    mutation,
    refreshes: [shipmentKeys.all],
    why: 'the active link shows on /remessas',
  })),
  // An assignment, a template, a holiday changes the expected minutes of days (expected_day): the home card's goal
  // and /meu-ponto's timesheet follow.
  ...Object.values(scheduleMutations).map((mutation) => ({ mutation, refreshes: [timeClockKeys.all], why: 'the expected minutes of days changed' })),
  // /documentos?notification={id} marks the notification read (open_notification): the bell's count drops at once.
  { mutation: documentMutations.openNotification, refreshes: [notificationKeys.all], why: 'the opened notification is read now' },
  {
    mutation: authMutations.updateUnit,
    refreshes: [
      shortageKeys.all,
      purchasingKeys.all,
      importKeys.all,
      boletoKeys.all,
      boletoReportKeys.all,
      shipmentKeys.all,
      shipmentSignatureKeys.all,
      documentKeys.all,
      processFlowKeys.all,
    ],
    why: 'every unit-scoped list now belongs to another unit',
  },
];

const byMutation = new Map<string, QueryKey[]>();
for (const { mutation, refreshes } of CROSS_FEATURE_REFRESHES) {
  const key = hashKey(mutation);
  byMutation.set(key, [...(byMutation.get(key) ?? []), ...refreshes]);
}

/** The query keys a settled mutation refreshes outside its own feature. */
export function refreshesOf(mutationKey: MutationKey | undefined): readonly QueryKey[] {
  return mutationKey ? (byMutation.get(hashKey(mutationKey)) ?? []) : [];
}

/** createQueryClient's hook: invalidates what the registry lists for this mutation. */
export function refreshAfterMutation(mutationKey: MutationKey | undefined, queryClient: QueryClient): Promise<unknown> | undefined {
  const keys = refreshesOf(mutationKey);
  return keys.length ? Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) : undefined;
}
