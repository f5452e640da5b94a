import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { timeClockErrorMessage, timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';

describe('timeClockErrorMessage', () => {
  it('a failed request says the punch was not registered (never a silent loss)', () => {
    expect(timeClockErrorMessage({ message: 'TypeError: Failed to fetch', code: '' })).toBe(timeClockMessages.punchOffline);
    expect(timeClockErrorMessage(new TypeError('fetch failed'))).toBe(timeClockMessages.punchOffline);
  });
  it("the database's own Portuguese refusal is shown as it is", () => {
    expect(timeClockErrorMessage({ message: timeClockMessages.computerNotAuthorized, code: '42501' })).toBe(timeClockMessages.computerNotAuthorized);
  });
  it("a duplicate refused by an RPC in Portuguese says what exists; PostgreSQL's own English never shows", () => {
    expect(timeClockErrorMessage({ message: 'Já existe um acordo começando neste dia', code: '23505' })).toBe('Já existe um acordo começando neste dia');
    expect(timeClockErrorMessage({ message: 'duplicate key value violates unique constraint "x"', code: '23505' })).not.toContain('duplicate');
  });
});

describe('timeClockLoadErrorDetail', () => {
  it('a failed read is a connection problem, not a lost punch', () => {
    expect(timeClockLoadErrorDetail(new TypeError('fetch failed'))).toBe(NETWORK_ERROR_MESSAGE);
  });
  it("gives the database's own refusal, or its code in Portuguese", () => {
    expect(timeClockLoadErrorDetail({ message: 'Apenas administradores', code: '42501' })).toBe('Apenas administradores');
    expect(timeClockLoadErrorDetail({ message: 'permission denied for table pontos', code: '42501' })).toBe('Você não tem permissão para realizar esta operação.');
  });
});
