import { describe, expect, it } from 'vitest';
import {
  advanceWatermark,
  formatNotificationTime,
  notificationTarget,
  planCatchUpToasts,
  unseenNotifications,
} from '@/features/notifications/logic';

const row = (id: string, createdAt: string) => ({ id, created_at: createdAt });

describe('notificationTarget', () => {
  it('opens a document notification through /documentos?notification=<notification id>', () => {
    expect(notificationTarget({ id: 'n1', document_id: 'd1', mail_message_id: null })).toBe('/documentos?notification=n1');
  });
  it('opens a mail notification at its message', () => {
    expect(notificationTarget({ id: 'n2', document_id: null, mail_message_id: 'm 1' })).toBe('/correio?mensagem=m%201');
  });
  it('has nowhere to go without a document or message', () => {
    expect(notificationTarget({ id: 'n3', document_id: null, mail_message_id: null })).toBeNull();
  });
});

describe('formatNotificationTime', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  it('reads relative within the day, then as date and time', () => {
    expect(formatNotificationTime('2026-11-26T14:59:40Z', now)).toBe('agora');
    expect(formatNotificationTime('2026-11-26T14:55:00Z', now)).toBe('há 5 min');
    expect(formatNotificationTime('2026-11-26T14:00:00Z', now)).toBe('há 1 hora');
    expect(formatNotificationTime('2026-11-26T12:00:00Z', now)).toBe('há 3 horas');
    expect(formatNotificationTime('2026-11-24T12:00:00Z', now)).toBe('24/11/2026 09:00');
  });
});

describe('catch-up after a resubscription', () => {
  const start = [row('a', '2026-11-26T10:00:00.000Z'), row('b', '2026-11-26T11:00:00.000Z')];

  it('never announces what existed when the session started', () => {
    const mark = advanceWatermark(null, start);
    expect(unseenNotifications(start, mark)).toEqual([]);
    // Even an older row the first page did not hold is not new.
    expect(unseenNotifications([row('old', '2026-11-25T10:00:00.000Z'), ...start], mark)).toEqual([]);
  });

  it('announces rows newer than the newest known, oldest first, once', () => {
    let mark = advanceWatermark(null, start);
    const reread = [row('d', '2026-11-26T13:00:00.000Z'), row('c', '2026-11-26T12:00:00.000Z'), ...start];
    const unseen = unseenNotifications(reread, mark);
    expect(unseen.map((r) => r.id)).toEqual(['c', 'd']);
    mark = advanceWatermark(mark, unseen);
    expect(unseenNotifications(reread, mark)).toEqual([]);
  });

  it('keeps rows of the same instant as the newest known when their id is unknown (one publication, one timestamp)', () => {
    const mark = advanceWatermark(null, start);
    expect(unseenNotifications([row('b2', '2026-11-26T11:00:00.000Z'), ...start], mark).map((r) => r.id)).toEqual(['b2']);
  });

  it('skips a row the live channel already announced', () => {
    const mark = advanceWatermark(advanceWatermark(null, start), [row('c', '2026-11-26T12:00:00.000Z')]);
    const reread = [row('d', '2026-11-26T13:00:00.000Z'), row('c', '2026-11-26T12:00:00.000Z'), ...start];
    expect(unseenNotifications(reread, mark).map((r) => r.id)).toEqual(['d']);
  });

  it('without any row at sign-in, everything later is new', () => {
    const mark = advanceWatermark(null, []);
    expect(mark.newestMs).toBeNull();
    expect(unseenNotifications([row('x', '2026-11-26T12:00:00.000Z')], mark).map((r) => r.id)).toEqual(['x']);
  });

  it('shows at most 3 toasts, the newest, and counts the rest', () => {
    const unseen = ['1', '2', '3', '4', '5'].map((id) => row(id, `2026-11-26T12:0${id}:00.000Z`));
    expect(planCatchUpToasts(unseen)).toEqual({ toasts: unseen.slice(2), more: 2 });
    expect(planCatchUpToasts(unseen.slice(0, 3))).toEqual({ toasts: unseen.slice(0, 3), more: 0 });
    expect(planCatchUpToasts([])).toEqual({ toasts: [], more: 0 });
  });
});
