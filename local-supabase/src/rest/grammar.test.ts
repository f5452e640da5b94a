import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseFilterParam, parseLogic, parseOpExpr, parseOrder, parseSelect, splitTopLevel } from './grammar.ts';

describe('select grammar', () => {
  it('parses fields with alias, json path and cast', () => {
    expect(parseSelect('id,nome:name,meta->>lang,pop:population::text,"quoted col"')).toEqual([
      { kind: 'field', alias: undefined, field: { name: 'id', jsonPath: [] }, cast: undefined },
      { kind: 'field', alias: 'nome', field: { name: 'name', jsonPath: [] }, cast: undefined },
      { kind: 'field', alias: undefined, field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'lang', index: false }] }, cast: undefined },
      { kind: 'field', alias: 'pop', field: { name: 'population', jsonPath: [] }, cast: 'text' },
      { kind: 'field', alias: undefined, field: { name: 'quoted col', jsonPath: [] }, cast: undefined },
    ]);
    expect(parseSelect('data->0->>k')[0]).toMatchObject({ field: { jsonPath: [{ arrow: '->', key: '0', index: true }, { arrow: '->>', key: 'k' }] } });
  });

  it('parses embeds with hints, join types, nesting and spread', () => {
    expect(parseSelect('a:users!fk_x!inner(id,teams(*)),...country(name),empty()')).toEqual([
      {
        kind: 'embed', alias: 'a', name: 'users', hint: 'fk_x', joinType: 'inner', spread: false,
        select: [
          { kind: 'field', alias: undefined, field: { name: 'id', jsonPath: [] }, cast: undefined },
          { kind: 'embed', alias: undefined, name: 'teams', hint: undefined, joinType: undefined, spread: false, select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', alias: undefined, name: 'country', hint: undefined, joinType: undefined, spread: true, select: [{ kind: 'field', alias: undefined, field: { name: 'name', jsonPath: [] }, cast: undefined }] },
      { kind: 'embed', alias: undefined, name: 'empty', hint: undefined, joinType: undefined, spread: false, select: [] },
    ]);
    expect(parseSelect('users!left!fk(id)')[0]).toMatchObject({ hint: 'fk', joinType: 'left' });
  });

  it('parses aggregates with aliases and casts before and after (the planner decides whether they are allowed)', () => {
    expect(parseSelect('count(),c:count()::text,total:amount.sum(),meta->>n::int.avg()::text,id.max()')).toEqual([
      { kind: 'count', alias: undefined, cast: undefined },
      { kind: 'count', alias: 'c', cast: 'text' },
      { kind: 'field', alias: 'total', field: { name: 'amount', jsonPath: [] }, cast: undefined, aggregate: { fn: 'sum', cast: undefined } },
      {
        kind: 'field', alias: undefined, field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'n', index: false }] }, cast: 'int',
        aggregate: { fn: 'avg', cast: 'text' },
      },
      { kind: 'field', alias: undefined, field: { name: 'id', jsonPath: [] }, cast: undefined, aggregate: { fn: 'max', cast: undefined } },
    ]);
    // Not aggregates: columns named like them.
    expect(parseSelect('count,sum')).toMatchObject([{ kind: 'field', field: { name: 'count' } }, { kind: 'field', field: { name: 'sum' } }]);
  });

  it('rejects malformed input with PGRST100', () => {
    for (const bad of ['a(', 'a,,b', 'a)', 'x:', 'a::', '(a)', 'id.sum()::']) {
      expect(() => parseSelect(bad), bad).toThrow(RestError);
    }
    expect(() => parseSelect(`${'a('.repeat(100)}id${')'.repeat(100)}`)).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });
});

describe('filters', () => {
  it('parses operators, negation, quantifiers, lists and fts configs', () => {
    expect(parseOpExpr('eq.1')).toEqual({ negate: false, op: 'eq', quantifier: undefined, ftsConfig: undefined, value: { kind: 'scalar', value: '1' } });
    expect(parseOpExpr('not.in.(a,"b,c","d\\"e")')).toMatchObject({ negate: true, op: 'in', value: { kind: 'list', values: ['a', 'b,c', 'd"e'] } });
    expect(parseOpExpr('like(any).{a*,"b,c"}')).toMatchObject({ quantifier: 'any', value: { kind: 'list', values: ['a*', 'b,c'] } });
    expect(parseOpExpr('fts(english).gato')).toMatchObject({ op: 'fts', ftsConfig: 'english', value: { kind: 'scalar', value: 'gato' } });
    expect(parseOpExpr('is.NULL')).toMatchObject({ value: { kind: 'is', value: 'null' } });
    expect(parseOpExpr('eq.a.b.c')).toMatchObject({ value: { kind: 'scalar', value: 'a.b.c' } });
    expect(() => parseOpExpr('noop.1')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
    expect(() => parseOpExpr('is.maybe')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
    expect(() => parseOpExpr('in(any).{1}')).toThrow(RestError);
  });

  it('splits embed paths from columns and keeps json keys intact', () => {
    expect(parseFilterParam('cities.country.name', 'eq.x')).toMatchObject({ path: ['cities', 'country'], field: { name: 'name', jsonPath: [] } });
    expect(parseFilterParam('meta->>lang', 'eq.x')).toMatchObject({ path: [], field: { name: 'meta', jsonPath: [{ key: 'lang' }] } });
  });

  it('parses nested logic trees', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.0,c.not.is.null),d.in.(1,2),e.eq."x,y")');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: false, children: [{ field: { name: 'b' } }, { field: { name: 'c' }, expr: { negate: true, op: 'is' } }] });
    expect(parseLogic('or', false, '(cities.name.eq.x)').children[0]).toMatchObject({ path: ['cities'], field: { name: 'name' } });
    expect(tree.children[3]).toMatchObject({ expr: { value: { kind: 'scalar', value: 'x,y' } } });
    expect(parseLogic('and', false, '(not.or(a.eq.1,b.eq.2))').children[0]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(() => parseLogic('or', false, 'a.eq.1')).toThrow(RestError);
    expect(() => parseLogic('or', false, '(a.eq.1')).toThrow(RestError);
    expect(splitTopLevel('a,(b,c),{d,e},"f,g"')).toEqual(['a', '(b,c)', '{d,e}', '"f,g"']);
  });
});

describe('order', () => {
  it('parses directions and nulls options', () => {
    expect(parseOrder('a.desc.nullslast,b,meta->>k.asc')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] }, direction: undefined, nulls: undefined },
      { field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'k', index: false }] }, direction: 'asc', nulls: undefined },
    ]);
    expect(() => parseOrder('a.desc.asc')).toThrow(RestError);
  });

  it('parses a related order rel(col), with a JSON path and options', () => {
    expect(parseOrder('clients(name).nullsfirst,trash_details(jsonb_col->key).desc,id')).toEqual([
      { relation: 'clients', field: { name: 'name', jsonPath: [] }, direction: undefined, nulls: 'first' },
      { relation: 'trash_details', field: { name: 'jsonb_col', jsonPath: [{ arrow: '->', key: 'key', index: false }] }, direction: 'desc', nulls: undefined },
      { field: { name: 'id', jsonPath: [] }, direction: undefined, nulls: undefined },
    ]);
    expect(() => parseOrder('clients(name')).toThrow(RestError);
  });
});
