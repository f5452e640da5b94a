/**
 * `/rpc/<fn>`: overload resolution by argument names (PostgREST's rule), and the call
 * statement. Arguments arrive as one JSON parameter expanded with json_to_record using the
 * catalog's argument types, so JSON→type coercion follows Postgres rules.
 */
import { RestError, closest } from './errors.ts';
import type { Relation, RestFunction, SchemaCache } from './schema-cache.ts';
import { relKey } from './schema-cache.ts';
import type { Params } from './select.ts';
import { q } from './select.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);

export function findFunction(cache: SchemaCache, schema: string, name: string, argNames: string[]): { fn: RestFunction; wholeBody: boolean } {
  const candidates = cache.functions.get(relKey(schema, name)) ?? [];
  const exact = candidates.filter((f) => {
    const named = f.args.filter((a) => a.name !== '');
    if (named.length !== f.args.length) return false;
    return argNames.every((n) => named.some((a) => a.name === n)) && named.every((a) => a.hasDefault || argNames.includes(a.name));
  });
  const single = candidates.filter((f) => f.args.length === 1 && f.args[0]?.name === '' && JSON_TYPES.has(f.args[0].type));
  if (exact.length === 1) return { fn: exact[0] as RestFunction, wholeBody: false };
  if (exact.length > 1) {
    const sig = (f: RestFunction): string => `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
    throw new RestError(
      300, 'PGRST203', `Could not choose the best candidate function between: ${exact.map(sig).join(', ')}`, null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  if (single.length === 1) return { fn: single[0] as RestFunction, wholeBody: true };
  const sorted = [...argNames].sort();
  const label = sorted.length ? `${schema}.${name}(${sorted.join(', ')})` : `${schema}.${name} without parameters`;
  const names = [...cache.functions.values()].flat().filter((f) => f.schema === schema).map((f) => f.name);
  const near = candidates.length === 0 ? closest(name, names) : undefined;
  throw new RestError(
    404, 'PGRST202', `Could not find the function ${label} in the schema cache`,
    `Searched for the function ${schema}.${name}${sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    near ? `Perhaps you meant to call the function ${schema}.${near}` : null,
  );
}

/** `FROM` items that call the function; the result rows are aliased `alias`. */
export function callFrom(fn: RestFunction, wholeBody: boolean, args: Record<string, unknown>, argsValue: string, params: Params, alias: string, scalarColumn: boolean): string {
  const fnName = `${q(fn.schema)}.${q(fn.name)}`;
  const target = scalarColumn ? `${q(alias)}(${q('pgrst_scalar')})` : q(alias);
  if (wholeBody) {
    const t = fn.args[0]?.type === 'jsonb' ? 'jsonb' : 'json';
    return `LATERAL ${fnName}(${params.add(argsValue)}::${t}) AS ${target}`;
  }
  const given = fn.args.filter((a) => a.name in args);
  if (given.length === 0) return `LATERAL ${fnName}() AS ${target}`;
  const defs = given.map((a) => `${q(a.name)} ${a.type}`).join(', ');
  const call = given.map((a, i) => `${fn.variadic && i === fn.args.length - 1 ? 'VARIADIC ' : ''}${q(a.name)} => pgrst_args.${q(a.name)}`).join(', ');
  return `json_to_record(${params.add(argsValue)}::json) AS pgrst_args(${defs}), LATERAL ${fnName}(${call}) AS ${target}`;
}

/** A Relation-shaped view of a function's result rows, for select/filter/order/embeds. */
export function resultRelation(cache: SchemaCache, fn: RestFunction): Relation | undefined {
  if (fn.returnRelation) return cache.relations.get(relKey(fn.returnRelation.schema, fn.returnRelation.name));
  if (fn.returnKind !== 'composite' || fn.returnColumns.length === 0) return undefined;
  return {
    schema: fn.schema,
    name: fn.name,
    kind: 'view',
    columns: new Map(fn.returnColumns.map((c) => [c.name, c])),
    columnList: fn.returnColumns,
    primaryKey: [],
    uniqueKeys: [],
    insertable: false,
    computedFields: new Map(),
  };
}
