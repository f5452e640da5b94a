import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { decodeMediaType, negotiate, parseAccept, toMime } from './media.ts';

describe('media types (PostgREST MediaType.hs doctests)', () => {
  it('decodes the vendor types with their parameters, case-insensitively', () => {
    expect(decodeMediaType('application/vnd.pgrst.plan;')).toEqual({ kind: 'plan', for: { kind: 'json' }, format: 'text', options: [] });
    expect(decodeMediaType('application/vnd.pgrst.plan ; for="text/xml" ; options=analyze')).toEqual({
      kind: 'plan', for: { kind: 'other', text: 'text/xml' }, format: 'text', options: ['analyze'],
    });
    expect(decodeMediaType('application/vnd.pgrst.plan+json;for="text/csv"')).toMatchObject({ kind: 'plan', for: { kind: 'csv' }, format: 'json' });
    expect(decodeMediaType('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ kind: 'array-stripped' });
    expect(decodeMediaType('application/vnd.pgrst.array+json')).toEqual({ kind: 'json' });
    expect(decodeMediaType('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ kind: 'singular', stripped: true });
    expect(decodeMediaType('ApplicatIon/vnd.PgRsT.object+json')).toEqual({ kind: 'singular', stripped: false });
    expect(decodeMediaType('application/vnd.twkb')).toEqual({ kind: 'other', text: 'application/vnd.twkb' });
    expect(decodeMediaType('*/*')).toEqual({ kind: 'any' });
  });

  it('writes a plan back with its options in PostgREST order, whatever order they were asked in', () => {
    const plan = decodeMediaType('application/vnd.pgrst.plan+text; for="application/json"; options=wal|analyze|verbose;');
    expect(toMime(plan)).toBe('application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose|wal');
    expect(toMime(decodeMediaType('application/vnd.pgrst.plan+json; for="application/json"; options=;'))).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"',
    );
  });

  it('orders Accept by q, then specificity, then position; no header means any', () => {
    expect(parseAccept(undefined)).toEqual([{ kind: 'any' }]);
    expect(parseAccept('*/*;q=0.1, text/csv;q=0.5, application/json').map(toMime)).toEqual(['application/json', 'text/csv', '*/*']);
    expect(parseAccept('*/*, application/vnd.pgrst.object+json;nulls=stripped').map(toMime)).toEqual([
      'application/vnd.pgrst.object+json;nulls=stripped',
      '*/*',
    ]);
  });
});

describe('negotiation', () => {
  it('takes the first type it can produce', () => {
    expect(negotiate(parseAccept('application/geo+json, text/csv'), false)).toEqual({
      format: 'csv', singular: false, plan: undefined, contentType: 'text/csv; charset=utf-8',
    });
    expect(negotiate(parseAccept('*/*'), false).contentType).toBe('application/json; charset=utf-8');
    expect(negotiate(parseAccept('application/vnd.pgrst.object+json;nulls=stripped'), false)).toMatchObject({ format: 'json-stripped', singular: true });
  });

  it('offers the plan only when enabled, and only for a type it could produce', () => {
    const accept = parseAccept('application/vnd.pgrst.plan+json; for="text/csv"; options=buffers');
    expect(() => negotiate(accept, false)).toThrow(RestError);
    expect(negotiate(accept, true)).toEqual({
      format: 'csv', singular: false, plan: { format: 'json', options: ['buffers'] },
      contentType: 'application/vnd.pgrst.plan+json; for="text/csv"; options=buffers; charset=utf-8',
    });
    expect(() => negotiate(parseAccept('application/vnd.pgrst.plan; for="application/geo+json"'), true)).toThrow(RestError);
  });

  it('refuses with 406 PGRST107 naming every type asked for', () => {
    let error: unknown;
    try {
      negotiate(parseAccept('application/geo+json, text/plain;q=0.2, application/*'), false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestError);
    expect((error as RestError).status).toBe(406);
    expect((error as RestError).body()).toEqual({
      code: 'PGRST107', details: null, hint: null, message: 'None of these media types are available: application/geo+json, application/*, text/plain',
    });
  });
});
