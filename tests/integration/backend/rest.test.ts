/**
 * /rest/v1 conformance: PostgREST v14 behaviour as supabase-js 2.119 sees it, on the
 * fixture tables of migrations/20260101000100_rest.sql (conformance project).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, conformanceBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import type { BackendInfo } from '../../utils/env.ts';
import { signJwt } from '../../utils/jwt.ts';

let info: BackendInfo;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(() => {
  info = conformanceBackend();
  anon = anonClient(info);
  service = serviceClient(info);
});

function rest(path: string, init: RequestInit & { key?: string; token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', init.key ?? info.anonKey);
  headers.set('Authorization', `Bearer ${init.token ?? init.key ?? info.anonKey}`);
  return fetch(`${info.apiUrl}/rest/v1${path}`, { ...init, headers });
}

async function newUser(): Promise<{ client: SupabaseClient; id: string }> {
  const email = `rest-${randomUUID()}@example.com`;
  const password = 'senha-segura-123';
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  return { client: await userClient(info, email, password), id: data.user.id };
}

describe('select', () => {
  it('returns rows with PostgREST value formats, renaming, casting and json paths', async () => {
    const { data, error, status } = await anon
      .from('rest_countries')
      .select('id, nome:name, founded_at, area, population, pop:population::text, continent:meta->>continent, meta->lang, tags')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        id: 1, nome: 'Brazil', founded_at: '1822-09-07T12:00:00.123456+00:00', area: 8515767.049, population: 203000000,
        pop: '203000000', continent: 'South America', lang: 'pt', tags: ['big', 'south'],
      },
    ]);
  });

  it('embeds many-to-one as object, one-to-many as array, one-to-one as object', async () => {
    const { data, error } = await anon
      .from('rest_cities')
      .select('name, rest_countries(code, rest_capitals(city_name))')
      .in('id', [1, 7])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'São Paulo', rest_countries: { code: 'BR', rest_capitals: { city_name: 'Brasília' } } },
      { name: 'Nowhere', rest_countries: null },
    ]);
    const many = await anon.from('rest_countries').select('code, rest_cities(name)').eq('code', 'PT').single();
    expect(many.data).toEqual({ code: 'PT', rest_cities: [{ name: 'Lisboa' }, { name: 'Porto' }] });
    const none = await anon.from('rest_countries').select('code, rest_cities(name)').eq('code', 'AT');
    expect(none.data).toEqual([{ code: 'AT', rest_cities: [] }]);
  });

  it('embeds many-to-many through the junction table and nests to any depth', async () => {
    const { data, error } = await anon
      .from('rest_users')
      .select('name, rest_teams(name, rest_members(role, rest_users(name)))')
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Bruno',
        rest_teams: [
          { name: 'Compras', rest_members: [{ role: 'lead', rest_users: { name: 'Ana' } }, { role: 'member', rest_users: { name: 'Bruno' } }] },
        ],
      },
    ]);
  });

  it('resolves self references and foreign-key hints, and reports ambiguity with 300 PGRST201', async () => {
    const tree = await anon.from('rest_employees').select('name, manager_id(name), reports:rest_employees(name)').eq('id', 2);
    expect(tree.data).toEqual([{ name: 'Gerente', manager_id: { name: 'Chefe' }, reports: [{ name: 'Analista' }, { name: 'Estagiário' }] }]);

    const hinted = await anon
      .from('rest_messages')
      .select('body, from:rest_users!rest_messages_sender_fkey(name), to:rest_users!receiver_id(name)')
      .eq('id', 1)
      .single();
    expect(hinted.data).toEqual({ body: 'oi Bruno', from: { name: 'Ana' }, to: { name: 'Bruno' } });

    const ambiguous = await anon.from('rest_messages').select('body, rest_users(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.message).toBe("Could not embed because more than one relationship was found for 'rest_messages' and 'rest_users'");
    expect(ambiguous.error?.hint).toContain("'rest_users!rest_messages_sender_fkey'");

    const missing = await anon.from('rest_cities').select('name, rest_teams(name)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
  });

  it('supports !inner, embedded filters, order and limit, and spread', async () => {
    const inner = await anon
      .from('rest_countries')
      .select('code, rest_cities!inner(name)')
      .like('rest_cities.name', 'S*')
      .order('id');
    expect(inner.data).toEqual([
      { code: 'BR', rest_cities: [{ name: 'São Paulo' }] },
      { code: 'CL', rest_cities: [{ name: 'Santiago' }] },
    ]);
    const left = await anon
      .from('rest_countries')
      .select('code, rest_cities(name)')
      .order('id')
      .order('population', { referencedTable: 'rest_cities', ascending: true })
      .limit(1, { referencedTable: 'rest_cities' })
      .lte('id', 2);
    expect(left.data).toEqual([
      { code: 'BR', rest_cities: [{ name: 'Brasília' }] },
      { code: 'PT', rest_cities: [{ name: 'Porto' }] },
    ]);
    const orEmbedded = await anon
      .from('rest_countries')
      .select('code, rest_cities(name)')
      .eq('id', 1)
      .or('name.eq.Brasília,population.gt.10000000', { referencedTable: 'rest_cities' });
    expect(orEmbedded.data).toEqual([{ code: 'BR', rest_cities: [{ name: 'São Paulo' }, { name: 'Brasília' }] }]);
    const spread = await anon.from('rest_cities').select('name, ...rest_countries(country:name)').eq('id', 4);
    expect(spread.data).toEqual([{ name: 'Lisboa', country: 'Portugal' }]);
    const antiJoin = await anon.from('rest_countries').select('code, rest_cities()').is('rest_cities', null);
    expect(antiJoin.data).toEqual([{ code: 'AT' }]);
    const presentOnly = await anon.from('rest_countries').select('code, rest_cities()').not('rest_cities', 'is', null).order('id').limit(1);
    expect(presentOnly.data).toEqual([{ code: 'BR' }]);
  });

  it('filters embedded resources with cs and cd, with and without !inner, both ways of a relationship', async () => {
    const shelvesWith = async (embed: string, op: 'contains' | 'containedBy', value: string[]) => {
      const query = anon.from('rest_shelves').select(`name, rest_boxes${embed}(label)`).order('id').order('id', { referencedTable: 'rest_boxes' });
      const { data, error } = await (op === 'contains' ? query.contains('rest_boxes.tags', value) : query.containedBy('rest_boxes.tags', value));
      expect(error).toBeNull();
      return data;
    };
    expect(await shelvesWith('', 'contains', ['fragil'])).toEqual([
      { name: 'Frente', rest_boxes: [{ label: 'Vidros' }, { label: 'Louça' }] },
      { name: 'Fundo', rest_boxes: [] },
      { name: 'Vazia', rest_boxes: [] },
    ]);
    expect(await shelvesWith('!inner', 'contains', ['fragil'])).toEqual([{ name: 'Frente', rest_boxes: [{ label: 'Vidros' }, { label: 'Louça' }] }]);
    expect(await shelvesWith('', 'containedBy', ['pesado', 'leve'])).toEqual([
      { name: 'Frente', rest_boxes: [{ label: 'Papel' }] },
      { name: 'Fundo', rest_boxes: [{ label: 'Ferro' }, { label: 'Sem peso' }] },
      { name: 'Vazia', rest_boxes: [] },
    ]);
    expect(await shelvesWith('!inner', 'containedBy', ['leve'])).toEqual([
      { name: 'Frente', rest_boxes: [{ label: 'Papel' }] },
      { name: 'Fundo', rest_boxes: [{ label: 'Sem peso' }] },
    ]);

    // many-to-one: the box's shelf filtered on its zones
    const toOne = await anon.from('rest_boxes').select('label, rest_shelves(name)').contains('rest_shelves.zones', ['c']).order('id');
    expect(toOne.data?.map((b) => [b.label, b.rest_shelves])).toEqual([
      ['Vidros', null], ['Papel', null], ['Louça', null], ['Ferro', { name: 'Fundo' }], ['Sem peso', { name: 'Fundo' }],
    ]);
    const toOneInner = await anon.from('rest_boxes').select('label, rest_shelves!inner(name)').containedBy('rest_shelves.zones', ['a', 'b', 'x']).order('id');
    expect(toOneInner.data).toEqual([
      { label: 'Vidros', rest_shelves: { name: 'Frente' } },
      { label: 'Papel', rest_shelves: { name: 'Frente' } },
      { label: 'Louça', rest_shelves: { name: 'Frente' } },
    ]);
  });

  it('orders embedded resources with nullsfirst and nullslast, ascending and descending', async () => {
    const order = async (options: { ascending: boolean; nullsFirst: boolean }) => {
      const { data, error } = await anon
        .from('rest_shelves')
        .select('name, rest_boxes(label, weight)')
        .lte('id', 2)
        .order('id')
        .order('weight', { referencedTable: 'rest_boxes', ...options })
        .order('id', { referencedTable: 'rest_boxes' });
      expect(error).toBeNull();
      return data?.map((shelf) => (shelf.rest_boxes as { label: string }[]).map((box) => box.label));
    };
    expect(await order({ ascending: true, nullsFirst: true })).toEqual([['Papel', 'Louça', 'Vidros'], ['Sem peso', 'Ferro']]);
    expect(await order({ ascending: true, nullsFirst: false })).toEqual([['Louça', 'Vidros', 'Papel'], ['Ferro', 'Sem peso']]);
    expect(await order({ ascending: false, nullsFirst: true })).toEqual([['Papel', 'Vidros', 'Louça'], ['Sem peso', 'Ferro']]);
    expect(await order({ ascending: false, nullsFirst: false })).toEqual([['Vidros', 'Louça', 'Papel'], ['Ferro', 'Sem peso']]);
    const raw = await rest('/rest_shelves?select=name,rest_boxes(label)&id=eq.1&rest_boxes.order=weight.desc.nullslast');
    expect(await raw.json()).toEqual([{ name: 'Frente', rest_boxes: [{ label: 'Vidros' }, { label: 'Louça' }, { label: 'Papel' }] }]);
  });

  it('pages rows with embeds exactly as the whole ordered list (the window is applied before the embeds)', async () => {
    const all = await anon.from('rest_countries').select('code, rest_cities(name)').order('name', { ascending: false }).order('id');
    expect(all.error).toBeNull();
    const rows = all.data ?? [];
    expect(rows.length).toBeGreaterThan(3);
    const page = await anon.from('rest_countries').select('code, rest_cities(name)').order('name', { ascending: false }).order('id').range(1, 2);
    expect(page.data).toEqual(rows.slice(1, 3));
    const allButBrazil = await anon.from('rest_countries').select('code, rest_cities(name)').neq('code', 'BR').order('id');
    const filteredPage = await anon.from('rest_countries').select('code, rest_cities(name)').neq('code', 'BR').order('id').range(1, 1);
    expect(filteredPage.data).toEqual((allButBrazil.data ?? []).slice(1, 2));
    expect(filteredPage.data).toHaveLength(1);
  });

  it('applies every filter operator family', async () => {
    const base = () => anon.from('rest_countries').select('id');
    type Q = ReturnType<typeof base>;
    const run = async (f: (q: Q) => Q): Promise<number[]> => {
      const { data, error } = await f(base());
      expect(error).toBeNull();
      return (data ?? []).map((r: { id: number }) => r.id).sort();
    };
    expect(await run((q) => q.neq('code', 'BR'))).toEqual([2, 3, 4]);
    expect(await run((q) => q.gt('population', 19500000))).toEqual([1]);
    expect(await run((q) => q.gte('population', 19500000))).toEqual([1, 3]);
    expect(await run((q) => q.lt('area', 100000))).toEqual([2]);
    expect(await run((q) => q.lte('id', 2))).toEqual([1, 2]);
    expect(await run((q) => q.like('name', '*il*'))).toEqual([1, 3]);
    expect(await run((q) => q.ilike('name', 'p%'))).toEqual([2]);
    expect(await run((q) => q.match({ code: 'CL' }))).toEqual([3]);
    expect(await run((q) => q.filter('name', 'match', '^B'))).toEqual([1]);
    expect(await run((q) => q.filter('name', 'imatch', '^b'))).toEqual([1]);
    expect(await run((q) => q.in('code', ['BR', 'CL', 'x,y']))).toEqual([1, 3]);
    expect(await run((q) => q.in('code', []))).toEqual([]);
    expect(await run((q) => q.is('population', null))).toEqual([4]);
    expect(await run((q) => q.not('population', 'is', null))).toEqual([1, 2, 3]);
    expect(await run((q) => q.filter('population', 'isdistinct', '10300000'))).toEqual([1, 3, 4]);
    expect(await run((q) => q.contains('tags', ['south']))).toEqual([1, 3]);
    expect(await run((q) => q.containedBy('tags', ['south', 'europe']))).toEqual([2, 3, 4]);
    expect(await run((q) => q.overlaps('tags', ['big', 'europe']))).toEqual([1, 2]);
    expect(await run((q) => q.contains('meta', { lang: 'pt' }))).toEqual([1, 2]);
    expect(await run((q) => q.textSearch('search', 'chile', { config: 'english' }))).toEqual([3]);
    expect(await run((q) => q.textSearch('search', 'brazil or chile', { type: 'websearch' }))).toEqual([1, 3]);
    expect(await run((q) => q.likeAnyOf('name', ['B*', 'C*']))).toEqual([1, 3]);
    expect(await run((q) => q.likeAllOf('name', ['*r*', '*a*']))).toEqual([1, 2]);
    expect(await run((q) => q.filter('id', 'gt(all)', '{1,2}'))).toEqual([3, 4]);
    expect(await run((q) => q.or('code.eq.BR,and(population.lt.20000000,tags.cs.{south})'))).toEqual([1, 3]);
    expect(await run((q) => q.or('id.eq.4,not.or(id.gt.1,code.eq."BR")'))).toEqual([4]);
    expect(await run((q) => q.eq('meta->>continent', 'Europe'))).toEqual([2]);
    expect(await run((q) => q.not('id', 'in', '(1,2)'))).toEqual([3, 4]);
  });

  // A read goes to Postgres as one pipeline of prepared statements with bound values (db/transaction.ts,
  // withRoleStatement; db/pipeline.ts): every value must reach the filter exactly as given, whatever quotes,
  // backslashes, placeholders or statement separators it holds, and a NUL is refused as PostgreSQL refuses it.
  it('filters on values holding quotes, backslashes, placeholders and separators exactly as given', async () => {
    const prefix = `lit-${randomUUID()}`;
    const skus = [`${prefix}-O'Brien`, `${prefix}-back\\slash\\'`, `${prefix}-$1 $2::text`, `${prefix}-a; commit; select 1`, `${prefix}-ação "aspas" {x,y}`];
    const { error } = await service.from('rest_items').insert(skus.map((sku, index) => ({ sku, qty: index })));
    expect(error).toBeNull();
    for (const sku of skus) {
      const { data, error: readError } = await service.from('rest_items').select('sku').eq('sku', sku);
      expect(readError).toBeNull();
      expect(data).toEqual([{ sku }]);
    }
    const { data: listed } = await service.from('rest_items').select('sku').in('sku', skus).order('qty');
    expect(listed).toEqual(skus.map((sku) => ({ sku })));
    const { data: liked } = await service.from('rest_items').select('sku').like('sku', `${prefix}-back\\\\slash*`);
    expect(liked).toEqual([{ sku: skus[1] }]);

    const nul = await rest(`/rest_items?select=sku&sku=eq.${encodeURIComponent(`${prefix}\u0000'`)}`, { key: info.serviceRoleKey });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00', details: null, hint: null });
  });

  // The impersonated role's `ALTER ROLE … SET` values apply to a table read too, which goes to Postgres as one
  // pipeline (fixture 20260101000410_rest_role_timeout.sql: rest_hasty's statement_timeout is 300 ms).
  it("applies the role's statement_timeout to a table read, and only that role's", async () => {
    const hasty = signJwt({ role: 'rest_hasty', exp: Math.floor(Date.now() / 1000) + 60 }, info.jwtSecret);
    const timedOut = await rest('/rest_slow?select=id', { key: info.anonKey, token: hasty });
    expect(timedOut.status).toBe(500);
    expect(await timedOut.json()).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    const patient = await rest('/rest_slow?select=id', { key: info.serviceRoleKey });
    expect(patient.status).toBe(200);
    expect(await patient.json()).toEqual([{ id: 1 }]);
  });

  it('orders with nulls, paginates with limit/offset/range, caps at max rows and counts', async () => {
    const ordered = await anon.from('rest_countries').select('code').order('population', { ascending: false, nullsFirst: true });
    expect(ordered.data?.map((r) => r.code)).toEqual(['AT', 'BR', 'CL', 'PT']);
    const page = await anon.from('rest_countries').select('code', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data?.map((r) => r.code)).toEqual(['PT', 'CL']);
    const head = await anon.from('rest_countries').select('*', { count: 'exact', head: true });
    expect(head.status).toBe(200);
    expect(head.count).toBe(4);
    expect(head.data).toBeNull();

    const res = await rest('/rest_cities?select=id&order=id&offset=2&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-3/7');
    expect(res.headers.get('content-location')).toBe('/rest_cities?select=id&order=id&offset=2&limit=2');
    const ranged = await rest('/rest_cities?select=id&order=id', { headers: { Range: '5-9' } });
    expect(ranged.headers.get('content-range')).toBe('5-6/*');
    expect(await ranged.json()).toEqual([{ id: 6 }, { id: 7 }]);
    const beyond = await rest('/rest_cities?offset=100', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect((await beyond.json()).code).toBe('PGRST103');

    const db = await sql(info);
    try {
      await db.query('create table public.rest_many as select g as id from generate_series(1, 1500) g');
      await db.query('grant select on public.rest_many to anon');
      await db.query("notify pgrst, 'reload schema'");
    } finally {
      await db.end();
    }
    const capped = await anon.from('rest_many').select('id', { count: 'exact' });
    expect(capped.error).toBeNull();
    expect(capped.data).toHaveLength(1000);
    expect(capped.count).toBe(1500);
  });

  it("counts with the legacy `count` (no parentheses), top-level and embedded, while count() stays refused", async () => {
    const embedded = await anon.from('rest_countries').select('name, rest_cities(count)').order('id');
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual([
      { name: 'Brazil', rest_cities: [{ count: 3 }] },
      { name: 'Portugal', rest_cities: [{ count: 2 }] },
      { name: 'Chile', rest_cities: [{ count: 1 }] },
      { name: 'Atlantis', rest_cities: [{ count: 0 }] },
    ]);
    const filtered = await anon.from('rest_countries').select('code, cities:rest_cities(total:count)').eq('code', 'BR').gt('rest_cities.population', 5000000);
    expect(filtered.data).toEqual([{ code: 'BR', cities: [{ total: 2 }] }]);
    const top = await anon.from('rest_cities').select('count').not('country_id', 'is', null);
    expect(top.data).toEqual([{ count: 6 }]);
    // count() and the other aggregates: rest-output.test.ts (they depend on pgrst.db_aggregates_enabled).
  });

  it('single() answers one object or 406 PGRST116', async () => {
    const one = await anon.from('rest_countries').select('code').eq('id', 3).single();
    expect(one.data).toEqual({ code: 'CL' });
    const many = await anon.from('rest_countries').select('code').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 4 rows' });
    const zero = await anon.from('rest_countries').select('code').eq('id', 99).single();
    expect(zero.error?.details).toBe('The result contains 0 rows');
    const maybe = await anon.from('rest_countries').select('code').eq('id', 99).maybeSingle();
    expect(maybe.data).toBeNull();
    expect(maybe.error).toBeNull();
  });
});

describe('errors', () => {
  it('answers PostgREST error bodies and statuses', async () => {
    const unknownTable = await anon.from('rest_countrie').select();
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.error).toMatchObject({
      code: 'PGRST205', message: "Could not find the table 'public.rest_countrie' in the schema cache", hint: "Perhaps you meant the table 'public.rest_countries'",
    });
    const unknownColumn = await anon.from('rest_countries').select('nope');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error).toMatchObject({ code: '42703', message: 'column rest_countries.nope does not exist' });
    const badValue = await anon.from('rest_countries').select().eq('id', 'abc');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');

    const parse = await rest('/rest_countries?id=noop.1');
    expect(parse.status).toBe(400);
    const body = (await parse.json()) as { code: string; details: string };
    expect(body.code).toBe('PGRST100');
    expect(body.details).toContain('expecting "not" or operator');
    expect(parse.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const notEmbedded = await rest('/rest_countries?rest_cities.name=eq.x');
    expect(notEmbedded.status).toBe(400);
    expect((await notEmbedded.json()).code).toBe('PGRST108');

    const profile = await rest('/rest_countries', { headers: { 'Accept-Profile': 'secret' } });
    expect(profile.status).toBe(406);
    expect(await profile.json()).toEqual({
      code: 'PGRST106', message: 'Invalid schema: secret', details: null, hint: 'Only the following schemas are exposed: public, graphql_public',
    });
  });

  it('rejects bad and expired JWTs with 401 and WWW-Authenticate, unknown roles too', async () => {
    const bad = await rest('/rest_countries', { token: 'a.b.c' });
    expect(bad.status).toBe(401);
    expect((await bad.json()).code).toBe('PGRST301');
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    const expired = signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 }, info.jwtSecret);
    const exp = await rest('/rest_countries', { token: expired });
    expect(exp.status).toBe(401);
    expect(await exp.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const ghost = signJwt({ role: 'ghost', exp: Math.floor(Date.now() / 1000) + 60 }, info.jwtSecret);
    const g = await rest('/rest_countries', { token: ghost });
    expect(g.status).toBe(401);
    const superuser = signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 }, info.jwtSecret);
    const su = await rest('/rest_private', { token: superuser });
    expect(su.status).toBe(401);
  });

  it('keeps tables without grants closed: 401 for anon, 403 for a signed-in user', async () => {
    const a = await anon.from('rest_private').select();
    expect(a.status).toBe(401);
    expect(a.error).toMatchObject({ code: '42501', message: 'permission denied for table rest_private' });
    const { client } = await newUser();
    const u = await client.from('rest_private').select();
    expect(u.status).toBe(403);
    expect(u.error?.code).toBe('42501');
  });
});

describe('writes', () => {
  it('answers a POST whose columns= names no column with the database error, not a 5xx', async () => {
    // No column to set: the row gets its defaults, and rest_items.sku has none.
    const res = await rest('/rest_items?columns=', {
      key: info.serviceRoleKey,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sku: randomUUID() }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('23502');
  });

  it('inserts (bulk with columns, missing keys → NULL or DEFAULT), returns representation, minimal and headers-only', async () => {
    const { client } = await newUser();
    const sku = randomUUID();
    const minimal = await client.from('rest_items').insert({ sku: `${sku}-0`, qty: 1 });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();

    const bulk = await client
      .from('rest_items')
      .insert([{ sku: `${sku}-1`, qty: 2, label: 'Um' }, { sku: `${sku}-2`, qty: 3 }])
      .select('sku, qty, label');
    expect(bulk.status).toBe(201);
    expect(bulk.data).toEqual([{ sku: `${sku}-1`, qty: 2, label: 'Um' }, { sku: `${sku}-2`, qty: 3, label: null }]);

    const defaults = await client
      .from('rest_items')
      .insert([{ sku: `${sku}-3`, qty: 2, label: 'Três' }, { sku: `${sku}-4`, qty: 5 }], { defaultToNull: false })
      .select('label');
    expect(defaults.data).toEqual([{ label: 'Três' }, { label: 'unnamed' }]);

    const headersOnly = await rest('/rest_items', {
      method: 'POST', token: (await client.auth.getSession()).data.session?.access_token,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' }, body: JSON.stringify({ sku: `${sku}-5` }),
    });
    expect(headersOnly.status).toBe(201);
    expect(headersOnly.headers.get('location')).toMatch(/^\/rest_items\?id=eq\.\d+$/);
    expect(headersOnly.headers.get('preference-applied')).toBe('return=headers-only');

    const unknown = await client.from('rest_items').insert({ sku: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'rest_items' in the schema cache" });
    const duplicate = await client.from('rest_items').insert({ sku: `${sku}-1` });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const notNull = await client.from('rest_items').insert({ qty: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
  });

  it('upserts with on_conflict, merge or ignore duplicates', async () => {
    const { client } = await newUser();
    const sku = randomUUID();
    await client.from('rest_items').insert({ sku, qty: 1, label: 'antes' });
    const merged = await client.from('rest_items').upsert({ sku, qty: 7 }, { onConflict: 'sku' }).select('sku, qty, label');
    expect(merged.error).toBeNull();
    // PostgREST answers 200 (not 201) when a merge only updated rows.
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ sku, qty: 7, label: 'antes' }]);
    const mergedMinimal = await client.from('rest_items').upsert({ sku, qty: 8 }, { onConflict: 'sku' });
    expect(mergedMinimal.status).toBe(200);
    const mixed = await client.from('rest_items').upsert([{ sku, qty: 9 }, { sku: `${sku}-novo`, qty: 1 }], { onConflict: 'sku' });
    expect(mixed.status).toBe(201);
    const inserted = await client.from('rest_items').upsert({ sku: `${sku}-outro`, qty: 2 }, { onConflict: 'sku' });
    expect(inserted.status).toBe(201);
    const ignored = await client.from('rest_items').upsert({ sku, qty: 99 }, { onConflict: 'sku', ignoreDuplicates: true }).select('qty');
    expect(ignored.data).toEqual([]);
    const check = await client.from('rest_items').select('qty').eq('sku', sku).single();
    expect(check.data).toEqual({ qty: 9 });
  });

  it('fills missing keys with identity, domain and column defaults under missing=default, computing generated columns', async () => {
    const { client } = await newUser();
    const token = (await client.auth.getSession()).data.session?.access_token;
    const post = (body: unknown, columns?: string) =>
      rest(`/rest_defaults?select=id,serial_no,label,label_upper,amount,note${columns ? `&columns=${columns}` : ''}`, {
        method: 'POST', token,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, missing=default' },
        body: JSON.stringify(body),
      });
    const res = await post([{ label: 'caixa', amount: 5, note: 'a' }, { note: 'b' }], 'id,serial_no,label,amount,note');
    expect(res.status).toBe(201);
    const rows = (await res.json()) as { id: number; serial_no: number; label: string; label_upper: string; amount: number; note: string }[];
    expect(rows.map(({ label, label_upper, amount, note }) => ({ label, label_upper, amount, note }))).toEqual([
      { label: 'caixa', label_upper: 'CAIXA', amount: 5, note: 'a' },
      { label: 'sem nome', label_upper: 'SEM NOME', amount: 1, note: 'b' },
    ]);
    expect(rows[0]?.id).toEqual(expect.any(Number));
    expect(rows[1]?.id).toBe((rows[0]?.id ?? 0) + 1);
    expect(rows[1]?.serial_no).toBe((rows[0]?.serial_no ?? 0) + 1);
    expect(res.headers.get('preference-applied')).toContain('missing=default');

    // An explicit id next to a missing one: the missing one still takes the identity's next value.
    const explicit = await post([{ id: 900_000 + Math.floor(Math.random() * 90_000), note: 'c' }, { note: 'd' }], 'id,note');
    expect(explicit.status).toBe(201);
    const [given, next] = (await explicit.json()) as { id: number; serial_no: number }[];
    expect(next?.id).toEqual(expect.any(Number));
    expect(next?.id).not.toBe(given?.id);
    expect(next?.serial_no).toBe((given?.serial_no ?? 0) + 1);

    // A value for a GENERATED ALWAYS column is refused as by Postgres and PostgREST.
    const always = await post([{ serial_no: 1, note: 'e' }], 'serial_no,note');
    expect(always.status).toBe(400);
    expect(((await always.json()) as { code: string }).code).toBe('428C9');
    // Without missing=default the missing key is NULL, as PostgREST does.
    const plain = await rest('/rest_defaults?columns=label,note', {
      method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ note: 'f', amount: 2 }]),
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { code: string }).code).toBe('23502');
  });

  it('updates and deletes with filters, counts, refuses unfiltered ones, rolls back a singular violation', async () => {
    const { client } = await newUser();
    const sku = randomUUID();
    await client.from('rest_items').insert([{ sku: `${sku}-a`, qty: 1 }, { sku: `${sku}-b`, qty: 1 }]);
    const upd = await client.from('rest_items').update({ qty: 4 }, { count: 'exact' }).like('sku', `${sku}-*`).select('qty');
    expect(upd.status).toBe(200);
    expect(upd.count).toBe(2);
    expect(upd.data).toEqual([{ qty: 4 }, { qty: 4 }]);
    const plain = await client.from('rest_items').update({ qty: 5 }).eq('sku', `${sku}-a`);
    expect(plain.status).toBe(204);

    const single = await client.from('rest_items').update({ qty: 0 }).like('sku', `${sku}-*`).select().single();
    expect(single.status).toBe(406);
    expect(single.error?.code).toBe('PGRST116');
    const after = await client.from('rest_items').select('qty').like('sku', `${sku}-*`).order('sku');
    expect(after.data).toEqual([{ qty: 5 }, { qty: 4 }]);

    const noWhere = await rest('/rest_items', {
      method: 'PATCH', key: info.serviceRoleKey, headers: { 'Content-Type': 'application/json' }, body: '{"qty":1}',
    });
    expect(noWhere.status).toBe(400);
    expect(await noWhere.json()).toEqual({ code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null });
    const noWhereDel = await rest('/rest_items', { method: 'DELETE', key: info.serviceRoleKey });
    expect((await noWhereDel.json()).message).toBe('DELETE requires a WHERE clause');

    const del = await client.from('rest_items').delete({ count: 'exact' }).like('sku', `${sku}-*`);
    expect(del.status).toBe(204);
    expect(del.count).toBe(2);
  });
});

describe('row level security', () => {
  it('isolates two users per operation', async () => {
    const a = await newUser();
    const b = await newUser();
    const insA = await a.client.from('rest_notes').insert({ body: 'nota da A' }).select('id, owner_id, body').single();
    expect(insA.error).toBeNull();
    expect(insA.data?.owner_id).toBe(a.id);
    const idA = insA.data?.id as number;
    await b.client.from('rest_notes').insert({ body: 'nota do B' });

    const readB = await b.client.from('rest_notes').select('body');
    expect(readB.data).toEqual([{ body: 'nota do B' }]);
    const readAnon = await anon.from('rest_notes').select('body');
    expect(readAnon.status).toBe(401);

    const updB = await b.client.from('rest_notes').update({ body: 'hackeado' }).eq('id', idA).select();
    expect(updB.data).toEqual([]);
    const delB = await b.client.from('rest_notes').delete().eq('id', idA).select();
    expect(delB.data).toEqual([]);
    const stillA = await a.client.from('rest_notes').select('body').eq('id', idA).single();
    expect(stillA.data).toEqual({ body: 'nota da A' });

    const forged = await b.client.from('rest_notes').insert({ body: 'em nome da A', owner_id: a.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "rest_notes"' });
  });
});

describe('rpc', () => {
  it('calls scalar, setof, composite, table, void and json functions by POST, GET and HEAD', async () => {
    expect((await anon.rpc('rest_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await anon.rpc('rest_add', { a: 2, b: 3 }, { get: true })).data).toBe(5);
    const cities = await anon.rpc('rest_cities_of', { country: 1 }).select('name, rest_countries(code)').gt('population', 5000000).order('name');
    expect(cities.data).toEqual([
      { name: 'Rio de Janeiro', rest_countries: { code: 'BR' } },
      { name: 'São Paulo', rest_countries: { code: 'BR' } },
    ]);
    const counted = await anon.rpc('rest_cities_of', { country: 1 }, { count: 'exact', head: true });
    expect(counted.count).toBe(3);
    expect((await anon.rpc('rest_country', { country: 2 }).select('code')).data).toEqual({ code: 'PT' });
    expect((await anon.rpc('rest_numbers', { n: 4 }).limit(2)).data).toEqual([1, 2]);
    expect((await anon.rpc('rest_city_names').eq('country', 'Chile')).data).toEqual([{ city: 'Santiago', country: 'Chile' }]);
    expect((await anon.rpc('rest_city_list').eq('city', 'Santiago')).data).toEqual([{ city: 'Santiago' }]);
    const v = await anon.rpc('rest_noop');
    expect(v.status).toBe(204);
    expect(v.data).toBeNull();
    expect((await anon.rpc('rest_whoami', {}, { get: true })).data).toEqual({ role: 'anon', sub: null, method: 'GET' });
  });

  it("answers with the status a function sets in response.status, and keeps the function's writes", async () => {
    const before = (await anon.from('rest_attempts').select('id')).data?.length ?? 0;
    const refused = await anon.rpc('rest_refuse_counting');
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'Recusado, mas contado' });
    expect((await anon.from('rest_attempts').select('id')).data).toHaveLength(before + 1);
  });

  it('filters, orders and embeds a set-returning function called by GET', async () => {
    const viaClient = await anon
      .rpc('rest_boxes_of', { shelf: 1 }, { get: true })
      .select('label, weight, rest_shelves(name)')
      .not('weight', 'is', null)
      .order('weight', { ascending: false });
    expect(viaClient.error).toBeNull();
    expect(viaClient.data).toEqual([
      { label: 'Vidros', weight: 12, rest_shelves: { name: 'Frente' } },
      { label: 'Louça', weight: 7, rest_shelves: { name: 'Frente' } },
    ]);
    const raw = await rest('/rpc/rest_boxes_of?shelf=2&select=label&weight=is.null', { headers: { Prefer: 'count=exact' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-range')).toBe('0-0/1');
    expect(await raw.json()).toEqual([{ label: 'Sem peso' }]);
    const tagged = await anon.rpc('rest_boxes_of', { shelf: 1 }, { get: true }).select('label').contains('tags', ['fragil']).order('label');
    expect(tagged.data).toEqual([{ label: 'Louça' }, { label: 'Vidros' }]);
    const head = await anon.rpc('rest_boxes_of', { shelf: 1 }, { get: true, head: true, count: 'exact' }).gt('weight', 10);
    expect(head.count).toBe(1);
  });

  it('runs volatile functions read-write under the caller role and reports errors', async () => {
    const { client } = await newUser();
    const name = randomUUID();
    expect((await client.rpc('rest_bump', { counter: name })).data).toBe(1);
    expect((await client.rpc('rest_bump', { counter: name })).data).toBe(2);
    const denied = await anon.rpc('rest_bump', { counter: name });
    expect(denied.status).toBe(401);
    const readOnly = await client.rpc('rest_bump', { counter: name }, { get: true });
    expect(readOnly.status).toBe(405);
    expect(readOnly.error?.code).toBe('25006');
    const raised = await anon.rpc('rest_fail', { msg: 'falhou' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', message: 'falhou', details: 'raised on purpose', hint: 'do not call it' });
    const missing = await anon.rpc('rest_noop', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.rest_noop(x) in the schema cache' });
  });
});

describe('request connections', () => {
  it('never gives a request superuser rights: reset role inside it falls back to authenticator', async () => {
    const probe = await anon.rpc('rest_session_probe');
    expect(probe.error).toBeNull();
    expect(probe.data).toEqual({ before_reset: 'anon', current_user: 'authenticator', session_user: 'authenticator', is_superuser: 'off' });
    const { client } = await newUser();
    const asUser = await client.rpc('rest_session_probe');
    expect(asUser.data).toEqual({ before_reset: 'authenticated', current_user: 'authenticator', session_user: 'authenticator', is_superuser: 'off' });
  });

  it('refuses a switch to a role authenticator is not a member of, as PostgREST does', async () => {
    for (const target of ['postgres', 'supabase_auth_admin']) {
      const denied = await anon.rpc('rest_become', { target });
      expect(denied.status).toBe(401);
      expect(denied.error).toMatchObject({ code: '42501', message: `permission denied to set role "${target}"` });
    }
    const { client } = await newUser();
    const deniedUser = await client.rpc('rest_become', { target: 'postgres' });
    expect(deniedUser.status).toBe(403);
    expect((await anon.rpc('rest_become', { target: 'anon' })).data).toBe('anon');
  });
});

describe('schema cache', () => {
  it('serves a table created a moment ago without a restart (a cache miss reloads the cache)', async () => {
    const db = await sql(info);
    const table = `rest_new_${Date.now()}`;
    try {
      await db.query(`create table public.${table} (id int primary key, label text)`);
      await db.query(`insert into public.${table} values (1, 'novo')`);
      await db.query(`grant select on public.${table} to anon`);
    } finally {
      await db.end();
    }
    const { data, error } = await anon.from(table).select('label');
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'novo' }]);
  });

  /** Repeats `request` until `done` accepts its result (the schema reload is asynchronous), at most 5 s. */
  async function eventually<T>(request: () => PromiseLike<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 5_000;
    let value = await request();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await request();
    }
    return value;
  }

  // The next tests would pass with a stale cache if the DDL watch did not reload it: none of
  // their requests misses the cache (which would reload it on its own).
  it('forgets a dropped table (PGRST205, not a Postgres error from a stale cache)', async () => {
    const table = `rest_gone_${Date.now()}`;
    const db = await sql(info);
    try {
      await db.query(`create table public.${table} (id int primary key); grant select on public.${table} to anon`);
      expect((await eventually(() => anon.from(table).select('id'), (r) => r.error === null)).error).toBeNull();
      await db.query(`drop table public.${table}`);
    } finally {
      await db.end();
    }
    const gone = await eventually(() => anon.from(table).select('id'), (r) => r.error?.code === 'PGRST205');
    expect(gone.status).toBe(404);
    expect(gone.error?.code).toBe('PGRST205');
  });

  it('sees a column added by ALTER TABLE for PATCH and in select=*', async () => {
    const table = `rest_grown_${Date.now()}`;
    const db = await sql(info);
    try {
      await db.query(`create table public.${table} (id int primary key); insert into public.${table} values (1);
                      grant select, update on public.${table} to anon`);
      await eventually(() => anon.from(table).select('*'), (r) => r.error === null);
      await db.query(`alter table public.${table} add column note text`);
      const patched = await eventually(
        () => anon.from(table).update({ note: 'nova coluna' }).eq('id', 1).select('*'),
        (r) => r.error === null,
      );
      expect(patched.error).toBeNull();
      expect(patched.data).toEqual([{ id: 1, note: 'nova coluna' }]);
    } finally {
      await db.query(`drop table if exists public.${table}`);
      await db.end();
    }
  });

  it('follows foreign keys added and dropped by DDL: a second one makes the embed ambiguous, dropping both ends it', async () => {
    const stamp = Date.now();
    const parent = `rest_parent_${stamp}`;
    const child = `rest_child_${stamp}`;
    const db = await sql(info);
    try {
      await db.query(`create table public.${parent} (id int primary key, name text);
                      create table public.${child} (id int primary key, parent_id int references public.${parent} (id), other_id int);
                      insert into public.${parent} values (1, 'pai'); insert into public.${child} values (10, 1, 1);
                      grant select on public.${parent}, public.${child} to anon`);
      const embed = () => anon.from(child).select(`id, ${parent}(name)`);
      expect((await eventually(embed, (r) => r.error === null)).data).toEqual([{ id: 10, [parent]: { name: 'pai' } }]);

      await db.query(`alter table public.${child} add constraint ${child}_other_fkey foreign key (other_id) references public.${parent} (id)`);
      const ambiguous = await eventually(embed, (r) => r.status === 300);
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error?.code).toBe('PGRST201');
      const hinted = await anon.from(child).select(`id, ${parent}!${child}_other_fkey(name)`);
      expect(hinted.data).toEqual([{ id: 10, [parent]: { name: 'pai' } }]);

      await db.query(`alter table public.${child} drop constraint ${child}_other_fkey, drop constraint ${child}_parent_id_fkey`);
      const none = await eventually(embed, (r) => r.error?.code === 'PGRST200');
      expect(none.status).toBe(400);
      expect(none.error?.code).toBe('PGRST200');
    } finally {
      await db.query(`drop table if exists public.${child}, public.${parent}`);
      await db.end();
    }
  });

  it('reloads only for DDL that shapes the API, never for temporary objects (as hosted pgrst_ddl_watch)', async () => {
    const listener = await sql(info);
    const db = await sql(info);
    const table = `rest_watch_${Date.now()}`;
    try {
      const received: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === 'pgrst') received.push(message.payload ?? '');
      });
      await listener.query('listen pgrst');
      const notificationsOf = async (statement: string): Promise<string[]> => {
        const marker = `marker-${Math.random()}`;
        const from = received.length;
        await db.query(statement);
        await db.query(`select pg_notify('pgrst', $1)`, [marker]);
        const deadline = Date.now() + 5_000;
        while (!received.includes(marker) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(received).toContain(marker);
        return received.slice(from, received.indexOf(marker));
      };
      expect(await notificationsOf(`create temp table ${table}_tmp (id int)`)).toEqual([]);
      expect(await notificationsOf(`alter table ${table}_tmp add column note text`)).toEqual([]);
      expect(await notificationsOf(`drop table ${table}_tmp`)).toEqual([]);
      expect(await notificationsOf(`create table public.${table} (id int primary key, note text)`)).toEqual(['reload schema']);
      expect(await notificationsOf(`create index on public.${table} (note)`)).toEqual([]);
      expect(await notificationsOf(`grant select on public.${table} to anon`)).toEqual([]);
      expect(await notificationsOf(`comment on table public.${table} is 'probe'`)).toEqual(['reload schema']);
      expect(await notificationsOf(`drop table public.${table}`)).toEqual(['reload schema']);
    } finally {
      await db.query(`drop table if exists public.${table}`);
      await Promise.all([listener.end(), db.end()]);
    }
  });
});
