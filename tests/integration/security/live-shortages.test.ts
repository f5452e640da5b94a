/**
 * Shortages are in the realtime publication (20261125100000_live_shortages.sql) so /lancamento and the
 * purchasing screens refresh live. Realtime must not become a side door: a change reaches only the
 * subscribers whose RLS lets them read the row — the clerks of its unit, the buyers — and never a clerk
 * of another unit or a representative (outside staff, who see a shortage only through a batch sent to them).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { listenTo, until, type Change } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';

const as = demoSessions(appBackend());
const tag = `live-${randomUUID().slice(0, 8)}`;
let productId = '';
const listeners: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const admin = await as('admin');
  productId = unwrap(await admin.from('products').insert({ name: `Produto ${tag}` }).select('id').single()).id;
});

afterAll(async () => {
  for (const stop of listeners) await stop();
  const admin = await as('admin');
  await admin.from('shortages').delete().eq('observation', tag);
  if (productId) await admin.from('products').delete().eq('id', productId);
});

async function inboxOf(key: Parameters<typeof as>[0]): Promise<Change[]> {
  const { inbox, stop } = await listenTo(await as(key), 'shortages', key);
  listeners.push(stop);
  return inbox;
}

describe('realtime on shortages', () => {
  it("a Centro shortage reaches Centro's clerk and the buyer, never Norte's clerk or a representative", async () => {
    const centro = await inboxOf('balconista');
    const buyer = await inboxOf('compras');
    const norte = await inboxOf('balconista2');
    const representative = await inboxOf('representante');

    const clerk = await as('balconista');
    const id = unwrap(await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 4, observation: tag }).select('id').single()).id;
    unwrap(await clerk.from('shortages').update({ requested_quantity: 9 }).eq('id', id).select('id'));

    const about = (inbox: Change[]) => inbox.filter((change) => change.new.id === id || change.old.id === id);
    await until(() => about(centro).length === 2 && about(buyer).length === 2);
    expect(about(centro).map((change) => change.eventType)).toEqual(['INSERT', 'UPDATE']);
    expect(about(centro)[1]?.new.requested_quantity).toBe(9);
    // The allowed subscribers have theirs: give the others the same chance, then check they got nothing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(about(norte)).toEqual([]);
    expect(about(representative)).toEqual([]);
    expect(norte.concat(representative).filter((change) => change.new.observation === tag)).toEqual([]);
  });
});
