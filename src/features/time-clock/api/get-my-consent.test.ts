import { describe, expect, it, vi } from 'vitest';
import { consentFromRows, type ConsentRow } from '@/features/time-clock/api/get-my-consent';

vi.mock('@/lib/supabase', () => ({ supabase: {} }));

const v1 = 'term-v1';
const v2 = 'term-v2';
const row = (versao_termo_id: string, aceito: boolean, data_hora: string): ConsentRow => ({ versao_termo_id, aceito, data_hora });

describe('consentFromRows (the caller\'s decision on the active term)', () => {
  it('takes the newest decision on the active version (rows come newest first)', () => {
    const rows = [row(v2, false, '2026-11-20T12:00:00Z'), row(v2, true, '2026-11-10T12:00:00Z'), row(v1, true, '2026-01-05T12:00:00Z')];
    expect(consentFromRows(rows, v2)).toEqual({ decision: 'refused', at: '2026-11-20T12:00:00Z', acceptedEarlierVersion: false });
  });

  it('a new version not yet decided: none, saying an earlier one was accepted', () => {
    expect(consentFromRows([row(v1, true, '2026-01-05T12:00:00Z')], v2)).toEqual({ decision: 'none', at: null, acceptedEarlierVersion: true });
  });

  it('no decision at all: none', () => {
    expect(consentFromRows([], v1)).toEqual({ decision: 'none', at: null, acceptedEarlierVersion: false });
    expect(consentFromRows([row(v1, false, '2026-01-05T12:00:00Z')], v2)).toEqual({ decision: 'none', at: null, acceptedEarlierVersion: false });
  });

  it('accepted', () => {
    expect(consentFromRows([row(v1, true, '2026-01-05T12:00:00Z')], v1)).toEqual({ decision: 'accepted', at: '2026-01-05T12:00:00Z', acceptedEarlierVersion: false });
  });
});
