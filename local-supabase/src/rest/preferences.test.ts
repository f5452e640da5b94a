import { describe, expect, it } from 'vitest';
import { appliedPrefs, parsePrefer, transactionEnd } from './preferences.ts';

describe('Prefer (PostgREST Preferences.hs doctests)', () => {
  it('keeps the first value of each preference, across headers too', () => {
    const prefer = parsePrefer(['resolution=ignore-duplicates, count=exact', 'resolution=merge-duplicates, count=planned, tx=commit, tx=rollback'], true);
    expect(prefer).toMatchObject({ resolution: 'ignore-duplicates', count: 'exact', tx: 'commit', unknown: [] });
  });

  it('knows tx= but keeps it only when the server allows overriding the transaction end', () => {
    expect(parsePrefer('tx=rollback', false)).toMatchObject({ tx: undefined, unknown: [] });
    expect(parsePrefer('tx=rollback', true)).toMatchObject({ tx: 'rollback', unknown: [] });
    expect(parsePrefer('tx=maybe', true).unknown).toEqual(['tx=maybe']);
  });

  it('never counts timezone= or max-affected= as invalid; an unreadable max-affected is ignored', () => {
    expect(parsePrefer('timezone=America/Sao_Paulo, max-affected=lots, handling=strict', false)).toMatchObject({
      timezone: 'America/Sao_Paulo', maxAffected: undefined, unknown: [],
    });
    expect(parsePrefer('timezone', false).unknown).toEqual(['timezone']);
    expect(parsePrefer('max-affected=5999, max-affected=1', false).maxAffected).toBe(5999);
    expect(parsePrefer('count=exact,    return=representation , missing=default, handling=strict, anything', false)).toMatchObject({
      count: 'exact', return: 'representation', missing: 'default', handling: 'strict', unknown: ['anything'],
    });
  });

  it('says what was applied in PostgREST order, max-affected only with handling=strict', () => {
    expect(appliedPrefs(parsePrefer('max-affected=3, handling=strict, tx=rollback, count=exact, return=minimal', true), 'PATCH')).toBe(
      'return=minimal, count=exact, tx=rollback, handling=strict, max-affected=3',
    );
    expect(appliedPrefs(parsePrefer('max-affected=3, handling=lenient', true), 'DELETE')).toBe('handling=lenient');
    expect(appliedPrefs(parsePrefer('timezone=-4, handling=strict, count=exact', false), 'GET')).toBe('count=exact, handling=strict, timezone=-4');
  });
});

describe('transaction end (db-tx-end)', () => {
  it('commits or rolls back by the setting, and a request overrides it only where allowed', () => {
    expect(transactionEnd('commit', undefined)).toBe('commit');
    expect(transactionEnd('rollback', undefined)).toBe('rollback');
    expect(transactionEnd('commit-allow-override', parsePrefer('tx=rollback', true).tx)).toBe('rollback');
    expect(transactionEnd('rollback-allow-override', parsePrefer('tx=commit', true).tx)).toBe('commit');
    expect(transactionEnd('rollback-allow-override', undefined)).toBe('rollback');
    // Not allowed: parsePrefer drops the preference, the setting stands.
    expect(transactionEnd('commit', parsePrefer('tx=rollback', false).tx)).toBe('commit');
    expect(transactionEnd('rollback', parsePrefer('tx=commit', false).tx)).toBe('rollback');
  });
});
