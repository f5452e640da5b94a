import { describe, expect, it } from 'vitest';
import { bindingId, parseSubscriptionParams } from './params.ts';

// Expectations follow the doctests of hosted Realtime's `Subscriptions.parse_subscription_params`.
describe('parseSubscriptionParams', () => {
  it('parses eq, in, not. and several filters', () => {
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual({
      ok: true,
      params: {
        action: '*',
        schema: 'public',
        table: 'messages',
        filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }],
        selectedColumns: null,
      },
    });
    const parsed = parseSubscriptionParams({ event: 'insert', schema: 'public', table: 'm', filter: 'subject=in.(hidee,ho),id=not.gt.5' });
    expect(parsed.ok && parsed.params.action).toBe('INSERT');
    expect(parsed.ok && parsed.params.filters).toEqual([
      { column: 'subject', op: 'in', value: '{hidee,ho}', negate: false },
      { column: 'id', op: 'gt', value: '5', negate: true },
    ]);
  });

  it('keeps quoted values with commas together and unquotes them', () => {
    const parsed = parseSubscriptionParams({ schema: 'public', table: 'm', filter: 'name=eq."a,b",id=lt.3' });
    expect(parsed.ok && parsed.params.filters).toEqual([
      { column: 'name', op: 'eq', value: 'a,b', negate: false },
      { column: 'id', op: 'lt', value: '3', negate: false },
    ]);
  });

  it('defaults: table alone means public, schema alone means every table, empty filter means none', () => {
    expect(parseSubscriptionParams({ table: 'messages' })).toMatchObject({ ok: true, params: { schema: 'public', table: 'messages' } });
    expect(parseSubscriptionParams({ schema: 'public' })).toMatchObject({ ok: true, params: { schema: 'public', table: '*' } });
    expect(parseSubscriptionParams({ schema: 'public', table: 'm', filter: '  ' })).toMatchObject({ ok: true, params: { filters: [] } });
  });

  it('reports errors with hosted wording', () => {
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=foo.hey' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["foo", "hey"]',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'undefined' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["undefined"]',
    });
    expect(parseSubscriptionParams({})).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 't', filter: 'id=in.1,2' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    });
  });

  it('gives identical params identical ids, different params different ids', () => {
    const a = bindingId({ event: '*', schema: 'public', table: 'todos' });
    expect(bindingId({ table: 'todos', schema: 'public', event: '*' })).toBe(a);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 'todos' })).not.toBe(a);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(2 ** 27);
  });
});
