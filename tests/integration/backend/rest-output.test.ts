/**
 * /rest/v1 output and transaction grammar, as PostgREST answers it (its test suite: NullsStripSpec, PlanSpec,
 * RollbackSpec, Preferences/MaxAffectedSpec, RangeSpec; and Plan/Negotiate.hs): media types (CSV, nulls=stripped,
 * the plan, 406 for the rest), counts (planned, estimated), `Prefer: tx=` under `pgrst.db_tx_end`, and
 * `Prefer: max-affected`. Fixture tables: migrations 20260101000100_rest.sql and 20260101000420_rest_counts.sql.
 *
 * The in-database settings (`alter role authenticator set pgrst.…` + `notify pgrst, 'reload config'`) are changed
 * only to values that leave other tests' requests as they were (the plan media type, tx overrides), and put back.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, conformanceBackend, serviceClient, sql, testClientOptions } from '../../utils/env.ts';
import type { BackendInfo } from '../../utils/env.ts';

/**
 * The fixture schema, loosely typed, declared as served by PostgREST 14 (as the app's generated types are): supabase-js
 * offers maxAffected() only to clients of PostgREST 13 or later.
 */
interface LooseSchema {
  Tables: Record<string, { Row: Record<string, unknown>; Insert: Record<string, unknown>; Update: Record<string, unknown>; Relationships: [] }>;
  Views: Record<string, never>;
  Functions: Record<string, { Args: Record<string, unknown>; Returns: Record<string, unknown>[] }>;
  Enums: Record<string, never>;
  CompositeTypes: Record<string, never>;
}
interface Fixture {
  __InternalSupabase: { PostgrestVersion: '14.1' };
  public: LooseSchema;
}

let info: BackendInfo;
let anon: SupabaseClient;
let service: SupabaseClient;
let anon14: SupabaseClient<Fixture>;
let service14: SupabaseClient<Fixture>;

beforeAll(() => {
  info = conformanceBackend();
  anon = anonClient(info);
  service = serviceClient(info);
  anon14 = createClient<Fixture>(info.apiUrl, info.anonKey, testClientOptions());
  service14 = createClient<Fixture>(info.apiUrl, info.serviceRoleKey, testClientOptions());
});

function rest(path: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key ?? info.anonKey;
  headers.set('apikey', key);
  headers.set('Authorization', `Bearer ${key}`);
  return fetch(`${info.apiUrl}/rest/v1${path}`, { ...init, headers });
}

/** Sets (or, with null, resets) a `pgrst.` setting of authenticator, reloads, and waits until `ready` holds. */
async function setDbConfig(name: string, value: string | null, ready: () => Promise<boolean>): Promise<void> {
  const db = await sql(info);
  try {
    await db.query(value === null ? `alter role authenticator reset pgrst.${name}` : `alter role authenticator set pgrst.${name} = '${value}'`);
    await db.query(`notify pgrst, 'reload config'`);
  } finally {
    await db.end();
  }
  // Hooks cannot use expect.poll: the same, by hand.
  const deadline = Date.now() + 10_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`pgrst.${name} = ${value} did not take effect`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const planAccept = 'application/vnd.pgrst.plan+json; for="application/json"';
const planAvailable = async () => (await rest('/rest_cities?id=eq.1', { headers: { Accept: planAccept } })).status === 200;

describe('media types', () => {
  it('answers text/csv with the column names, then each row as PostgreSQL writes a record', async () => {
    const { data, error, status } = await anon.from('rest_cities').select('id, name, population').in('id', [1, 5, 7]).order('id').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    // Fields with spaces, commas or quotes are quoted; a null is empty (PostgREST's asCsvF, the record's text).
    expect(data).toBe('id,name,population\n1,"São Paulo",11450000\n5,Porto,232000\n7,Nowhere,');
    const raw = await rest('/rest_countries?select=code,tags,meta->>lang&id=eq.1', { headers: { Accept: 'text/csv' } });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await raw.text()).toBe('code,tags,lang\nBR,"{big,south}",pt');
    // No row: an empty header line.
    const none = await rest('/rest_cities?id=eq.-1', { headers: { Accept: 'text/csv' } });
    expect([none.status, await none.text()]).toEqual([200, '\n']);
  });

  it('answers CSV for a function and for a written representation', async () => {
    const set = await rest('/rpc/rest_cities_of?country=2&select=name', { headers: { Accept: 'text/csv' } });
    expect(await set.text()).toBe('name\nLisboa\nPorto');
    const scalars = await rest('/rpc/rest_numbers?n=3', { headers: { Accept: 'text/csv' } });
    expect(await scalars.text()).toBe('pgrst_scalar\n1\n2\n3');
    const sku = `CSV-${randomUUID()}`;
    const written = await rest('/rest_items?select=sku,qty', {
      key: info.serviceRoleKey,
      method: 'POST',
      headers: { Accept: 'text/csv', Prefer: 'return=representation', 'Content-Type': 'application/json' },
      body: JSON.stringify({ sku, qty: 3 }),
    });
    expect([written.status, written.headers.get('content-type'), await written.text()]).toEqual([201, 'text/csv; charset=utf-8', `sku,qty\n${sku},3`]);
  });

  it('strips null-valued keys at every depth with nulls=stripped, on arrays, objects and writes', async () => {
    const array = await rest('/rest_cities?select=id,country_id,population,rest_countries(code,founded_at)&id=in.(6,7)&order=id', {
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(array.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(await array.json()).toEqual([{ id: 6, country_id: 3, population: 6300000, rest_countries: { code: 'CL' } }, { id: 7 }]);
    // Without the parameter the vendor array type is plain JSON.
    const plain = await rest('/rest_cities?select=id,country_id&id=eq.7', { headers: { Accept: 'application/vnd.pgrst.array+json' } });
    expect([plain.headers.get('content-type'), await plain.json()]).toEqual(['application/json; charset=utf-8', [{ id: 7, country_id: null }]]);
    const object = await rest('/rest_countries?select=id,population,area&id=eq.4', { headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' } });
    expect([object.headers.get('content-type'), await object.json()]).toEqual(['application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8', { id: 4 }]);
    const many = await rest('/rest_countries?select=id', { headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' } });
    expect([many.status, await many.json()]).toEqual([
      406,
      { code: 'PGRST116', details: 'The result contains 4 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' },
    ]);
    const sku = `STRIP-${randomUUID()}`;
    const written = await rest('/rest_items?select=sku,label', {
      key: info.serviceRoleKey,
      method: 'POST',
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped', Prefer: 'return=representation', 'Content-Type': 'application/json' },
      body: JSON.stringify({ sku, label: null }),
    });
    expect([written.status, await written.json()]).toEqual([201, [{ sku }]]);
    const fn = await rest('/rpc/rest_country?country=4', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(await fn.json()).toEqual({ id: 4, name: 'Atlantis', code: 'AT', tags: [], search: "'atlanti':1" });
  });

  it('refuses with 406 PGRST107 what it cannot produce, naming what was asked for, and takes the first it can', async () => {
    const cases: [string, string][] = [
      ['application/geo+json', 'None of these media types are available: application/geo+json'],
      ['text/plain, application/xml', 'None of these media types are available: text/plain, application/xml'],
      ['application/*', 'None of these media types are available: application/*'],
      // The plan is off by default (pgrst.db_plan_enabled), as on hosted Supabase.
      [planAccept, 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"'],
    ];
    for (const [accept, message] of cases) {
      const response = await rest('/rest_cities?id=eq.1', { headers: { Accept: accept } });
      expect([accept, response.status, await response.json()]).toEqual([accept, 406, { code: 'PGRST107', details: null, hint: null, message }]);
    }
    const geo = await anon.from('rest_cities').select('id').eq('id', 1).geojson();
    expect([geo.status, geo.error?.code]).toEqual([406, 'PGRST107']);
    // The most preferred producible type wins: q values first, then order.
    const chosen = await rest('/rest_cities?select=id&id=eq.1', { headers: { Accept: 'application/geo+json, application/json;q=0.5, text/csv;q=0.8' } });
    expect([chosen.headers.get('content-type'), await chosen.text()]).toEqual(['text/csv; charset=utf-8', 'id\n1']);
    const any = await rest('/rest_cities?select=id&id=eq.1', { headers: { Accept: 'application/geo+json, */*' } });
    expect([any.headers.get('content-type'), await any.json()]).toEqual(['application/json; charset=utf-8', [{ id: 1 }]]);
  });

  describe('with pgrst.db_plan_enabled', () => {
    beforeAll(async () => setDbConfig('db_plan_enabled', 'true', planAvailable), 15_000);
    afterAll(async () => setDbConfig('db_plan_enabled', null, async () => !(await planAvailable())), 15_000);

    it("answers the statement's plan as JSON or text, with the options asked for, for reads, functions and writes", async () => {
      const json = await rest('/rest_cities?id=eq.1', { headers: { Accept: planAccept } });
      expect(json.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
      const [plan] = (await json.json()) as [{ Plan: { 'Total Cost': number; 'Node Type': string } }];
      expect(plan.Plan['Total Cost']).toBeGreaterThan(0);
      const text = await rest('/rest_cities?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan' } });
      expect(text.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
      expect(await text.text()).toMatch(/^Aggregate .*cost=.*\n(.*\n)+$/);
      const analyzed = await rest('/rest_cities?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|analyze' } });
      expect(analyzed.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8',
      );
      const [run] = (await analyzed.json()) as [{ 'Execution Time': number; Plan: { Output: string[] } }];
      expect(run['Execution Time']).toBeGreaterThanOrEqual(0);
      expect(run.Plan.Output.length).toBeGreaterThan(0);
      const fn = await anon.rpc('rest_cities_of', { country: 1 }).explain({ format: 'json' });
      expect(fn.error).toBeNull();
      expect(JSON.stringify(fn.data)).toContain('Total Cost');
      // A write is explained, not run (no ANALYZE).
      const sku = `PLAN-${randomUUID()}`;
      const write = await rest('/rest_items', {
        key: info.serviceRoleKey,
        method: 'POST',
        headers: { Accept: planAccept, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku }),
      });
      expect(write.status).toBe(200);
      // PostgreSQL's own JSON text (its spacing), not a re-serialisation.
      expect(await write.text()).toContain('"Operation": "Insert"');
      const { data } = await service.from('rest_items').select('sku').eq('sku', sku);
      expect(data).toEqual([]);
      // A plan for a type without a handler is still refused.
      const geo = await rest('/rest_cities?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/geo+json"' } });
      expect(geo.status).toBe(406);
    });
  });
});

describe('aggregates', () => {
  const aggregatesOn = async () => (await rest('/rest_cities?select=count()')).status === 200;

  it('are refused with 400 PGRST123 while pgrst.db_aggregates_enabled is off (the default, as hosted)', async () => {
    for (const select of ['count()', 'population.sum()', 'name,rest_cities(population.max())']) {
      const response = await rest(`/rest_countries?select=${select}`);
      expect([select, response.status, await response.json()]).toEqual([
        select, 400, { code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' },
      ]);
    }
    // The legacy count (no parentheses) is not an aggregate function.
    expect((await anon.from('rest_cities').select('count')).data).toEqual([{ count: 7 }]);
  });

  describe('with pgrst.db_aggregates_enabled', () => {
    beforeAll(async () => setDbConfig('db_aggregates_enabled', 'true', aggregatesOn), 15_000);
    afterAll(async () => setDbConfig('db_aggregates_enabled', null, async () => !(await aggregatesOn())), 15_000);

    it('counts, sums, averages, takes min and max, with aliases and casts, grouped by the other selected fields', async () => {
      expect((await anon.from('rest_cities').select('count()')).data).toEqual([{ count: 7 }]);
      expect((await anon.from('rest_cities').select('n:count()::text')).data).toEqual([{ n: '7' }]);
      const grouped = await anon
        .from('rest_cities')
        .select('country_id, cities:count(), total:population.sum(), population.max(), population.min(), population.avg()::int')
        .order('country_id');
      expect(grouped.error).toBeNull();
      expect(grouped.data).toEqual([
        { country_id: 1, cities: 3, total: 20478000, max: 11450000, min: 2817000, avg: 6826000 },
        { country_id: 2, cities: 2, total: 777000, max: 545000, min: 232000, avg: 388500 },
        { country_id: 3, cities: 1, total: 6300000, max: 6300000, min: 6300000, avg: 6300000 },
        { country_id: null, cities: 1, total: null, max: null, min: null, avg: null },
      ]);
      // avg of integers is numeric, written by PostgreSQL; a cast before the aggregate reads a JSON value as a number.
      const avg = await rest('/rest_cities?select=population.avg()&country_id=eq.2');
      expect(await avg.text()).toBe('[{"avg":388500.000000000000}]');
      const fromJson = await anon.from('rest_countries').select('langs:meta->>lang::text.count(), total:population::numeric.sum()::text');
      expect(fromJson.data).toEqual([{ langs: 3, total: '232800000' }]);
      // Filters apply before grouping, limit and order to the groups.
      const filtered = await anon.from('rest_readings').select('note, count()').lt('value', 10).order('note', { nullsFirst: true }).limit(1);
      expect(filtered.data).toEqual([{ note: null, count: 250 }]);
    });

    it('aggregates inside a to-many embed, per parent, and groups by an embedded object', async () => {
      const embedded = await anon.from('rest_countries').select('code, rest_cities(count(), population.sum())').order('id');
      expect(embedded.data).toEqual([
        { code: 'BR', rest_cities: [{ count: 3, sum: 20478000 }] },
        { code: 'PT', rest_cities: [{ count: 2, sum: 777000 }] },
        { code: 'CL', rest_cities: [{ count: 1, sum: 6300000 }] },
        { code: 'AT', rest_cities: [{ count: 0, sum: null }] },
      ]);
      const byCountry = await anon.from('rest_cities').select('country_id, total:population.sum(), rest_countries(code)').not('country_id', 'is', null).order('country_id');
      expect(byCountry.data).toEqual([
        { country_id: 1, total: 20478000, rest_countries: { code: 'BR' } },
        { country_id: 2, total: 777000, rest_countries: { code: 'PT' } },
        { country_id: 3, total: 6300000, rest_countries: { code: 'CL' } },
      ]);
      // Ordering by a column that is neither grouped nor aggregated is PostgreSQL's grouping error, as on PostgREST.
      const ungrouped = await anon.from('rest_cities').select('total:population.sum(), rest_countries(code)').order('country_id');
      expect([ungrouped.status, ungrouped.error?.code]).toEqual([400, '42803']);
      const spread = await anon.from('rest_cities').select('country_id, n:count(), ...rest_countries(code)').not('country_id', 'is', null).order('country_id');
      expect(spread.data).toEqual([{ country_id: 1, n: 3, code: 'BR' }, { country_id: 2, n: 2, code: 'PT' }, { country_id: 3, n: 1, code: 'CL' }]);
      // A to-one spread's aggregates apply over the parent's groups, its other columns group them (PostgREST).
      const continents = await rest('/rest_cities?select=cities:count(),...rest_countries(continent:meta->>continent,biggest:population.max(),people:population.sum())');
      const rows = (await continents.json()) as { continent: string | null }[];
      expect([continents.status, [...rows].sort((a, b) => String(a.continent).localeCompare(String(b.continent)))]).toEqual([
        200,
        [
          { cities: 2, continent: 'Europe', biggest: 10300000, people: 20600000 },
          { cities: 1, continent: null, biggest: null, people: null },
          { cities: 4, continent: 'South America', biggest: 203000000, people: 628500000 },
        ],
      ]);
      // Not here: aggregates inside a spread of a to-many relationship.
      const spreadAggregate = await rest('/rest_countries?select=...rest_cities(population.sum())');
      expect([spreadAggregate.status, await spreadAggregate.json()]).toEqual([
        400,
        {
          code: 'PGRST127', hint: null, message: 'Feature not implemented',
          details: 'Aggregates inside a spread of a to-many relationship are not supported by the local server',
        },
      ]);
    });

    it("aggregates a function's rows, and answers bad aggregates with PostgreSQL's and PostgREST's errors", async () => {
      const fn = await anon.rpc('rest_cities_of', { country: 1 }).select('id.max(), count()');
      expect(fn.data).toEqual([{ max: 3, count: 3 }]);
      const text = await rest('/rest_cities?select=name.sum()');
      expect([text.status, ((await text.json()) as { code: string }).code]).toEqual([404, '42883']);
      const cast = await rest('/rest_cities?select=population.sum()::nonsense');
      expect([cast.status, ((await cast.json()) as { code: string }).code]).toEqual([400, '42704']);
      const unknown = await rest('/rest_cities?select=nope.sum()');
      expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([400, '42703']);
    });
  });
});

describe('embeds', () => {
  it('spreads a to-many resource as one array per column, in the children order, nested too; !inner drops the childless', async () => {
    const spread = await anon
      .from('rest_countries')
      .select('code, ...rest_cities(cities:name, population)')
      .order('id')
      .order('population', { referencedTable: 'rest_cities', ascending: false });
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual([
      { code: 'BR', cities: ['São Paulo', 'Rio de Janeiro', 'Brasília'], population: [11450000, 6211000, 2817000] },
      { code: 'PT', cities: ['Lisboa', 'Porto'], population: [545000, 232000] },
      { code: 'CL', cities: ['Santiago'], population: [6300000] },
      { code: 'AT', cities: [], population: [] },
    ]);
    // Many-to-many, and a to-one embed inside the spread (an array of objects).
    const teams = await anon.from('rest_users').select('name, ...rest_teams(team:name, rest_members(role))').eq('id', 1).order('id', { referencedTable: 'rest_teams' });
    expect(teams.data).toEqual([{ name: 'Ana', team: ['Compras', 'Vendas'], rest_members: [[{ role: 'lead' }, { role: 'member' }], [{ role: 'member' }]] }]);
    const inner = await anon.from('rest_countries').select('code, ...rest_cities!inner(name)').lte('id', 4).order('id').order('id', { referencedTable: 'rest_cities' });
    expect(inner.data?.map((row) => row.code)).toEqual(['BR', 'PT', 'CL']);
  });

  it('orders the parents by a column of an embedded to-one resource, typed, and refuses to-many or missing embeds', async () => {
    const byCountry = await rest('/rest_cities?select=name,country:rest_countries(population)&order=country(population).desc.nullslast,name&id=lte.7');
    expect((await byCountry.json()) as unknown).toEqual([
      { name: 'Brasília', country: { population: 203000000 } },
      { name: 'Rio de Janeiro', country: { population: 203000000 } },
      { name: 'São Paulo', country: { population: 203000000 } },
      { name: 'Santiago', country: { population: 19500000 } },
      { name: 'Lisboa', country: { population: 10300000 } },
      { name: 'Porto', country: { population: 10300000 } },
      { name: 'Nowhere', country: null },
    ]);
    // A JSON path of the related row, with a window (the related order applies before the page).
    const firstByLang = await rest('/rest_cities?select=name,rest_countries(meta)&order=rest_countries(meta->>lang).asc.nullsfirst,id&limit=2');
    expect(((await firstByLang.json()) as { name: string }[]).map((row) => row.name)).toEqual(['Nowhere', 'Santiago']);
    const toMany = await rest('/rest_countries?select=code,cities:rest_cities(name)&order=cities(name)');
    expect([toMany.status, await toMany.json()]).toEqual([
      400,
      {
        code: 'PGRST118', hint: null, message: "A related order on 'cities' is not possible",
        details: "'rest_countries' and 'cities' do not form a many-to-one or one-to-one relationship",
      },
    ]);
    const missing = await rest('/rest_cities?select=name,rest_countries(code)&order=countries(code)');
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { code: 'PGRST108', details: null, hint: "Verify that 'countries' is included in the 'select' query parameter.", message: "'countries' is not an embedded resource in this request" },
    ]);
  });

  it('embeds a self reference both ways: the column is the parent, the table (with !column) the children', async () => {
    const { data, error } = await anon
      .from('rest_employees')
      .select('name, parent:manager_id(name), children:rest_employees!manager_id(name), reports:rest_employees(name)')
      .eq('id', 2)
      .order('id', { referencedTable: 'children' })
      .order('id', { referencedTable: 'reports' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Gerente', parent: { name: 'Chefe' }, children: [{ name: 'Analista' }, { name: 'Estagiário' }], reports: [{ name: 'Analista' }, { name: 'Estagiário' }] },
    ]);
    // The constraint name does not say which way (PostgREST's findRel): no relationship.
    const byConstraint = await rest('/rest_employees?select=name,rest_employees!rest_employees_manager_id_fkey(name)');
    expect([byConstraint.status, ((await byConstraint.json()) as { code: string }).code]).toEqual([400, 'PGRST200']);
  });

  it('adds no ordering of its own: without order, rows come as PostgreSQL reads them', async () => {
    const db = await sql(info);
    try {
      await db.query('create table public.rest_unordered (id integer primary key, label text not null)');
      await db.query(`insert into public.rest_unordered values (1, 'um'), (2, 'dois'), (3, 'três')`);
      // An UPDATE writes a new row version after the others: a sequential scan now meets id 1 last.
      await db.query(`update public.rest_unordered set label = 'um!' where id = 1`);
      await db.query('alter table public.rest_unordered enable row level security');
      await db.query('create policy "public read" on public.rest_unordered for select to anon using (true)');
      await db.query('grant select on public.rest_unordered to anon');
      const heap = (await db.query<{ id: number }>('select id from public.rest_unordered')).rows.map((row) => row.id);
      expect(heap).toEqual([2, 3, 1]);
      await expect.poll(async () => (await rest('/rest_unordered?select=id')).status).toBe(200);
      expect(await (await rest('/rest_unordered?select=id')).json()).toEqual([{ id: 2 }, { id: 3 }, { id: 1 }]);
    } finally {
      await db.query('drop table if exists public.rest_unordered');
      await db.end();
    }
  });
});

describe('computed fields and relationships', () => {
  it('selects, filters and orders a function of the row like a column, never in *', async () => {
    const { data, error } = await anon
      .from('rest_countries')
      .select('code, density, loud:density::text')
      .gt('density', 20)
      .order('density', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { code: 'PT', density: 111.7, loud: '111.7' },
      { code: 'CL', density: 25.8, loud: '25.8' },
      { code: 'BR', density: 23.8, loud: '23.8' },
    ]);
    const star = await anon.from('rest_cities').select('*').eq('id', 1).single();
    expect(Object.keys(star.data as object)).not.toContain('display_name');
    const named = await anon.from('rest_cities').select('id, display_name').ilike('display_name', 'S*').order('display_name');
    expect(named.data).toEqual([{ id: 6, display_name: 'SANTIAGO' }, { id: 1, display_name: 'SÃO PAULO' }]);
  });

  it('embeds a function returning rows: setof to-many, a single row or rows 1 to-one, with filters and related order', async () => {
    const { data, error } = await anon
      .from('rest_countries')
      .select('code, big_cities(name), capital_city(name)')
      .order('id')
      .order('id', { referencedTable: 'big_cities' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { code: 'BR', big_cities: [{ name: 'São Paulo' }, { name: 'Rio de Janeiro' }, { name: 'Brasília' }], capital_city: { name: 'Brasília' } },
      { code: 'PT', big_cities: [], capital_city: { name: 'Lisboa' } },
      { code: 'CL', big_cities: [{ name: 'Santiago' }], capital_city: { name: 'Santiago' } },
      { code: 'AT', big_cities: [], capital_city: null },
    ]);
    const inner = await anon.from('rest_countries').select('code, big_cities!inner(name)').gt('big_cities.population', 6000000).order('id');
    expect(inner.data).toEqual([
      { code: 'BR', big_cities: [{ name: 'São Paulo' }, { name: 'Rio de Janeiro' }] },
      { code: 'CL', big_cities: [{ name: 'Santiago' }] },
    ]);
    const ordered = await rest('/rest_cities?select=name,home_country(code)&id=in.(1,4,6)&order=home_country(code).desc');
    expect(await ordered.json()).toEqual([
      { name: 'Lisboa', home_country: { code: 'PT' } },
      { name: 'Santiago', home_country: { code: 'CL' } },
      { name: 'São Paulo', home_country: { code: 'BR' } },
    ]);
    const toMany = await rest('/rest_countries?select=code,big_cities(name)&order=big_cities(name)');
    expect(((await toMany.json()) as { code: string }).code).toBe('PGRST118');
  });
});

describe('range operators and function calls', () => {
  it('filters ranges with sl, sr, nxr, nxl and adj, negated too', async () => {
    const ids = async (op: string, value: string) => {
      const { data, error } = await anon.from('rest_bookings').select('id').filter('during', op, value).order('id');
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.id as number);
    };
    expect(await ids('sl', '[10,15)')).toEqual([1, 2]);
    expect(await ids('sr', '[10,15)')).toEqual([4]);
    expect(await ids('nxr', '[5,9)')).toEqual([1]);
    expect(await ids('nxl', '[5,9)')).toEqual([2, 3, 4]);
    expect(await ids('adj', '[10,20)')).toEqual([2, 4]);
    expect(await ids('not.adj', '[10,20)')).toEqual([1, 3]);
    expect((await anon.from('rest_bookings').select('id').rangeLt('during', '[10,15)').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('chooses an overload by argument names, refuses an ambiguous call with 300 PGRST203, and passes a whole body to one unnamed jsonb', async () => {
    expect((await anon.rpc('rest_area', { side: 3 })).data).toBe(9);
    expect((await anon.rpc('rest_area', { width: 3, height: 4 })).data).toBe(12);
    const ambiguous = await anon.rpc('rest_pick', { x: 1 });
    expect([ambiguous.status, ambiguous.error?.code, ambiguous.error?.hint]).toEqual([
      300, 'PGRST203', 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ]);
    expect(ambiguous.error?.message).toMatch(/^Could not choose the best candidate function between: public\.rest_pick\(x => (integer|text)\), public\.rest_pick\(x => (integer|text)\)$/);
    const echo = await anon.rpc('rest_echo', { any: ['shape', 1], nested: { ok: true } });
    expect(echo.data).toEqual({ got: { any: ['shape', 1], nested: { ok: true } } });
  });
});

describe('counts', () => {
  it('count=planned answers the planner estimate, count=estimated the exact count up to max_rows and the estimate past it', async () => {
    const planned = await rest('/rest_readings?select=id&limit=10', { headers: { Prefer: 'count=planned' } });
    // ANALYZEd: the estimate of the whole table is its size.
    expect([planned.status, planned.headers.get('content-range'), planned.headers.get('preference-applied')]).toEqual([206, '0-9/5000', 'count=planned']);
    // A filter: an estimate from the statistics, not a count (value < 30 holds 1,500 rows).
    const estimate = await rest('/rest_readings?select=id&value=lt.30&limit=1', { headers: { Prefer: 'count=planned' } });
    const total = Number(estimate.headers.get('content-range')?.split('/')[1]);
    expect(total).toBeGreaterThan(1000);
    expect(total).toBeLessThan(2200);
    // Under max_rows (1,000) the estimated count is exact; past it, the larger of the capped count and the estimate.
    const few = await anon.from('rest_readings').select('id', { count: 'estimated' }).lt('value', 3).limit(1);
    expect([few.count, few.status]).toEqual([150, 206]);
    const lots = await anon.from('rest_readings').select('id', { count: 'estimated' }).limit(1);
    expect(lots.count).toBe(5000);
    const exact = await anon.from('rest_readings').select('id', { count: 'exact', head: true }).lt('value', 30);
    expect(exact.count).toBe(1500);
    // A view: the planner's estimate of its rows (2,500 even ids), and the estimated count past max_rows.
    const view = await rest('/rest_even_readings?select=id&limit=1', { headers: { Prefer: 'count=planned' } });
    const viewTotal = Number(view.headers.get('content-range')?.split('/')[1]);
    expect([view.status, viewTotal > 1500 && viewTotal < 3500]).toEqual([206, true]);
    const viewEstimated = await anon.from('rest_even_readings').select('id', { count: 'estimated', head: true }).lt('value', 10);
    expect(viewEstimated.count).toBe(250);
    // The same on HEAD, with supabase-js' planned count: partial, as the page is capped at max_rows.
    const head = await anon.from('rest_readings').select('*', { count: 'planned', head: true });
    expect([head.status, head.count]).toEqual([206, 5000]);
  });

  it("counts a function's rows exactly for exact and estimated, and gives no total for planned (as PostgREST)", async () => {
    const planned = await rest('/rpc/rest_cities_of?country=1&limit=1', { headers: { Prefer: 'count=planned' } });
    expect(planned.headers.get('content-range')).toBe('0-0/*');
    const estimated = await rest('/rpc/rest_cities_of?country=1&limit=1', { headers: { Prefer: 'count=estimated' } });
    expect([estimated.status, estimated.headers.get('content-range')]).toEqual([206, '0-0/3']);
  });
});

describe('transactions', () => {
  const counter = () => `tx-${randomUUID()}`;
  async function bump(name: string, prefer: string): Promise<Response> {
    return rest('/rpc/rest_bump', {
      key: info.serviceRoleKey,
      method: 'POST',
      headers: { Prefer: prefer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ counter: name }),
    });
  }
  async function stored(name: string): Promise<number | null> {
    const { data } = await service.from('rest_counters').select('value').eq('name', name).maybeSingle<{ value: number }>();
    return data?.value ?? null;
  }

  it('ignores Prefer: tx by default (pgrst.db_tx_end = commit, as hosted): the write commits, nothing is applied, strict takes it', async () => {
    const name = counter();
    const response = await bump(name, 'tx=rollback, handling=strict');
    expect([response.status, await response.json(), response.headers.get('preference-applied')]).toEqual([200, 1, 'handling=strict']);
    expect(await stored(name)).toBe(1);
  });

  describe('with pgrst.db_tx_end = commit-allow-override', () => {
    const overridable = async () => {
      const name = counter();
      await bump(name, 'tx=rollback');
      return (await stored(name)) === null;
    };
    beforeAll(async () => setDbConfig('db_tx_end', 'commit-allow-override', overridable), 15_000);
    afterAll(async () => setDbConfig('db_tx_end', null, async () => !(await overridable())), 15_000);

    it('rolls back a write that asks for it and answers as if it had committed; tx=commit and no preference commit', async () => {
      const name = counter();
      const rolledBack = await bump(name, 'tx=rollback');
      expect([rolledBack.status, await rolledBack.json(), rolledBack.headers.get('preference-applied')]).toEqual([200, 1, 'tx=rollback']);
      expect(await stored(name)).toBeNull();
      const sku = `TX-${randomUUID()}`;
      const insert = await rest('/rest_items?select=sku,qty', {
        key: info.serviceRoleKey,
        method: 'POST',
        headers: { Prefer: 'tx=rollback, return=representation', 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku, qty: 7 }),
      });
      expect([insert.status, await insert.json(), insert.headers.get('preference-applied')]).toEqual([201, [{ sku, qty: 7 }], 'return=representation, tx=rollback']);
      expect((await service.from('rest_items').select('sku').eq('sku', sku)).data).toEqual([]);
      // The first value of a preference wins.
      const committed = await bump(name, 'tx=commit, tx=rollback');
      expect(committed.headers.get('preference-applied')).toBe('tx=commit');
      await bump(name, 'count=exact');
      expect(await stored(name)).toBe(2);
    });
  });
});

describe('time zone', () => {
  it('writes timestamps in the time zone the request prefers, and refuses an unknown one with 22023', async () => {
    // 1822 predates standard time: São Paulo's local mean time, as PostgreSQL's tz database writes it.
    const saoPaulo = await rest('/rest_countries?select=founded_at&id=eq.1', { headers: { Prefer: 'timezone=America/Sao_Paulo' } });
    expect([saoPaulo.headers.get('preference-applied'), await saoPaulo.json()]).toEqual(['timezone=America/Sao_Paulo', [{ founded_at: '1822-09-07T08:53:32.123456-03:06:28' }]]);
    const offset = await rest('/rest_countries?select=founded_at&id=eq.2', { headers: { Prefer: 'handling=strict, timezone=+05:30' } });
    expect([offset.headers.get('preference-applied'), await offset.json()]).toEqual(['handling=strict, timezone=+05:30', [{ founded_at: '1143-10-04T18:30:00-05:30' }]]);
    const unknown = await rest('/rest_countries?select=founded_at&id=eq.1', { headers: { Prefer: 'timezone=Invalid/Timezone' } });
    expect([unknown.status, await unknown.json()]).toEqual([
      400,
      { code: '22023', details: null, hint: null, message: 'invalid value for parameter "TimeZone": "Invalid/Timezone"' },
    ]);
  });
});

describe('max-affected', () => {
  async function seedItems(prefix: string, n: number): Promise<void> {
    const rows = Array.from({ length: n }, (_, i) => ({ sku: `${prefix}-${i}`, qty: 1 }));
    const { error } = await service.from('rest_items').insert(rows);
    expect(error).toBeNull();
  }

  it('refuses with 400 PGRST124 a PATCH or DELETE touching more rows than handling=strict allows, changing nothing', async () => {
    const prefix = `MAX-${randomUUID()}`;
    await seedItems(prefix, 3);
    const patch = await service14.from('rest_items').update({ qty: 9 }, { count: 'exact' }).like('sku', `${prefix}-%`).maxAffected(2);
    // supabase-js sends handling=strict with max-affected.
    expect([patch.status, patch.error]).toEqual([
      400,
      { code: 'PGRST124', details: 'The query affects 3 rows', hint: null, message: 'Query result exceeds max-affected preference constraint' },
    ]);
    const del = await service14.from('rest_items').delete().like('sku', `${prefix}-%`).maxAffected(1);
    expect([del.status, del.error?.code, del.error?.details]).toEqual([400, 'PGRST124', 'The query affects 3 rows']);
    const left = await service.from('rest_items').select('qty').like('sku', `${prefix}-%`);
    expect(left.data).toEqual([{ qty: 1 }, { qty: 1 }, { qty: 1 }]);
    // At the limit it goes through; lenient (or no handling) ignores the limit, and says so by not applying it.
    const within = await service14.from('rest_items').update({ qty: 2 }).like('sku', `${prefix}-%`).maxAffected(3);
    expect([within.status, within.error]).toEqual([204, null]);
    const lenient = await rest(`/rest_items?sku=like.${encodeURIComponent(`${prefix}-%`)}`, {
      key: info.serviceRoleKey,
      method: 'DELETE',
      headers: { Prefer: 'handling=lenient, max-affected=1' },
    });
    expect([lenient.status, lenient.headers.get('preference-applied')]).toEqual([204, 'handling=lenient']);
    expect((await service.from('rest_items').select('sku').like('sku', `${prefix}-%`)).data).toEqual([]);
  });

  it('applies to a set-returning function, and refuses it with PGRST128 for a function that returns one value', async () => {
    const many = await anon14.rpc('rest_cities_of', { country: 1 }).maxAffected(2);
    expect([many.status, many.error?.code, many.error?.details]).toEqual([400, 'PGRST124', 'The query affects 3 rows']);
    const fits = await anon14.rpc('rest_cities_of', { country: 2 }).maxAffected(2);
    expect([fits.status, fits.data?.length]).toEqual([200, 2]);
    const single = await anon14.rpc('rest_add', { a: 1, b: 2 }).maxAffected(1);
    expect([single.status, single.error]).toEqual([
      400,
      { code: 'PGRST128', details: null, hint: null, message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict' },
    ]);
  });

  it('does not count an invalid max-affected as an invalid preference (it is ignored)', async () => {
    const response = await rest('/rest_cities?id=eq.1&select=id', { headers: { Prefer: 'handling=strict, max-affected=lots' } });
    expect([response.status, await response.json()]).toEqual([200, [{ id: 1 }]]);
    const unknown = await rest('/rest_cities?id=eq.1&select=id', { headers: { Prefer: 'handling=strict, tx=maybe' } });
    expect([unknown.status, ((await unknown.json()) as { details: string }).details]).toEqual([400, 'Invalid preferences: tx=maybe']);
  });
});
