/**
 * Loads a large data set into a running local backend for performance work:
 * 50,000 products (valid EAN-13 codes, prefix 78990, each linked to a category)
 * and 100,000 shortages spread over every unit and the last 365 days, each in a
 * state the app produces (see loadShortages).
 *
 *   npm run seed:large                # DB_URL from .local-supabase/status.json
 *   LOCAL_SUPABASE_DATA_DIR=/x npm run seed:large
 *   DB_URL=postgresql://... npm run seed:large
 *
 * Data is generated inside Postgres (insert ... select generate_series), so it
 * takes seconds. Idempotent: each part is skipped when it is already loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const PRODUCT_COUNT = 50_000;
const SHORTAGE_COUNT = 100_000;
const BARCODE_PREFIX = '78990';
const SHORTAGE_MARKER = 'Carga de teste (seed:large)';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function resolveDbUrl(): string {
  const fromEnv = process.env.DB_URL;
  if (fromEnv) return fromEnv;
  const dataDir = path.resolve(process.env.LOCAL_SUPABASE_DATA_DIR ?? path.join(repoRoot, '.local-supabase'));
  const statusFile = path.join(dataDir, 'status.json');
  if (!existsSync(statusFile)) {
    throw new Error(`${statusFile} not found: start the backend (npm run backend) or set DB_URL.`);
  }
  const status: unknown = JSON.parse(readFileSync(statusFile, 'utf8'));
  if (typeof status === 'object' && status !== null && 'DB_URL' in status && typeof status.DB_URL === 'string') {
    return status.DB_URL;
  }
  throw new Error(`${statusFile} has no DB_URL.`);
}

async function count(client: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const result = await client.query<{ n: string }>(text, values);
  return Number(result.rows[0]?.n ?? 0);
}

async function loadProducts(client: pg.Client): Promise<void> {
  const existing = await count(client, `select count(*) as n from public.products where barcode like $1`, [`${BARCODE_PREFIX}%`]);
  if (existing >= PRODUCT_COUNT) {
    console.log(`products: ${existing} already loaded, skipped`);
    return;
  }
  const started = Date.now();
  await client.query('begin');
  await client.query(`
    insert into public.categories (name, description)
    select 'Diversos', 'Produtos sem categoria específica'
    where not exists (select 1 from public.categories)`);
  // Names combine real active ingredients, strengths, pack sizes, forms and makers.
  const inserted = await client.query(
    `
    with parts as (
      select
        array['Dipirona', 'Paracetamol', 'Ibuprofeno', 'Amoxicilina', 'Azitromicina', 'Losartana', 'Enalapril',
              'Metformina', 'Omeprazol', 'Pantoprazol', 'Sinvastatina', 'Atorvastatina', 'Loratadina', 'Cetirizina',
              'Nimesulida', 'Diclofenaco', 'Prednisona', 'Dexametasona', 'Cefalexina', 'Ciprofloxacino', 'Fluconazol',
              'Sertralina', 'Fluoxetina', 'Clonazepam', 'Levotiroxina', 'Anlodipino', 'Hidroclorotiazida', 'Atenolol',
              'Captopril', 'Furosemida', 'Ranitidina', 'Domperidona', 'Ondansetrona', 'Vitamina C', 'Vitamina D3',
              'Complexo B', 'Ácido Fólico', 'Sulfato Ferroso', 'Ômega 3', 'Colágeno'] as bases,
        array['5mg', '10mg', '20mg', '25mg', '40mg', '50mg', '100mg', '200mg', '250mg', '400mg', '500mg', '750mg', '850mg', '1g'] as strengths,
        array['10 comprimidos', '14 comprimidos', '20 comprimidos', '28 comprimidos', '30 comprimidos', '60 comprimidos',
              '10 cápsulas', '30 cápsulas', 'Xarope 120ml', 'Gotas 20ml', 'Suspensão 60ml'] as packs,
        array['EMS', 'Medley', 'Neo Química', 'Eurofarma', 'Aché', 'Sanofi', 'Germed', 'Prati-Donaduzzi', 'Teuto', 'Cimed'] as makers
    ),
    generated as (
        select
          g.i,
          $1::text || lpad(g.i::text, 7, '0') as body,
          parts.bases[1 + (g.i % array_length(parts.bases, 1))] || ' '
            || parts.strengths[1 + ((g.i / 40) % array_length(parts.strengths, 1))] || ' '
            || parts.packs[1 + ((g.i / 7) % array_length(parts.packs, 1))] || ' - '
            || parts.makers[1 + ((g.i / 3) % array_length(parts.makers, 1))] as name
        from generate_series(1, $2::integer) as g(i), parts
    )
    insert into public.products (barcode, name, description)
    select g.body || private.gtin_check_digit(g.body)::text, g.name, 'Produto gerado para testes de carga'
    from generated g
    on conflict (barcode) do nothing`,
    [BARCODE_PREFIX, PRODUCT_COUNT],
  );
  await client.query(
    `
    with cats as (
      select id, row_number() over (order by name) - 1 as k, count(*) over () as total from public.categories
    ),
    prods as (
      select p.id, substr(p.barcode, 6, 7)::integer as i
      from public.products p
      where p.barcode like $1 and not exists (select 1 from public.product_categories pc where pc.product_id = p.id)
    )
    insert into public.product_categories (product_id, category_id)
    select prods.id, cats.id
    from prods join cats on cats.k = prods.i % cats.total
    on conflict do nothing`,
    [`${BARCODE_PREFIX}%`],
  );
  await client.query('commit');
  console.log(`products: ${inserted.rowCount ?? 0} inserted in ${Date.now() - started} ms`);
}

/**
 * Seeded shortages are those of the seeded products (barcode prefix 78990); most have no observation, as at
 * a real counter. Only states the app itself produces: PENDENTE or ENTREGUE outside any batch, LOTE_CRIADO in
 * an ABERTO batch, EM_COTACAO in a batch sent to quotation (batches of up to 100 shortages of one unit, created
 * after their newest shortage). Quoted, awarded and ordered states need quotes, winners and orders, which the
 * purchasing fixtures (bench/purchasing.ts) build; they are left out here.
 */
async function loadShortages(client: pg.Client): Promise<void> {
  const existing = await count(
    client,
    `select count(*) as n from public.shortages s join public.products p on p.id = s.product_id where p.barcode like $1`,
    [`${BARCODE_PREFIX}%`],
  );
  if (existing >= SHORTAGE_COUNT) {
    console.log(`shortages: ${existing} already loaded, skipped`);
    return;
  }
  const units = await count(client, `select count(*) as n from public.store_units`);
  const users = await count(client, `select count(*) as n from auth.users`);
  if (units === 0 || users === 0) {
    throw new Error('No units or users: the backend must be seeded (supabase/seed.sql) first.');
  }
  const started = Date.now();
  await client.query('begin');
  // Each unit's shortages are created by a user of that unit when there is one. kind (i % 20): 0-11 pending,
  // 12-15 delivered, 16-17 in an open batch, 18-19 in a batch sent to quotation.
  await client.query(
    `
    create temporary table seed_shortages on commit drop as
    with products as (
      select p.id, row_number() over (order by p.barcode) - 1 as k,
             (select pc.category_id from public.product_categories pc where pc.product_id = p.id limit 1) as group_id
      from public.products p
      where p.barcode like $1
    ),
    units as (
      select u.id, row_number() over (order by u.name) - 1 as k,
             coalesce(
               (select pr.id from public.profiles pr where pr.unit_id = u.id order by pr.created_at limit 1),
               (select au.id from auth.users au order by au.created_at limit 1)
             ) as creator
      from public.store_units u
    ),
    totals as (
      select (select count(*) from products) as products, (select count(*) from units) as units
    ),
    generated as (
      select g.i, p.id as product_id, u.id as unit_id, u.creator, p.group_id,
             1 + (g.i * 13) % 60 as requested, (g.i * 7) % 5 as available,
             case when g.i % 20 < 12 then 'PENDENTE' when g.i % 20 < 16 then 'ENTREGUE'
                  when g.i % 20 < 18 then 'LOTE_CRIADO' else 'EM_COTACAO' end as status,
             case when g.i % 50 = 0 then 'Cliente aguardando no balcão'
                  when g.i % 50 = 25 then $3 end as observation,
             now() - make_interval(mins => (g.i * 5) % 525600) as created_at
      from generate_series(1, $2::integer) as g(i)
      cross join totals t
      join units u on u.k = g.i % t.units
      join products p on p.k = (g.i::bigint * 7919) % t.products
    )
    -- Batched shortages: one batch per 100 of a unit and status (bucket), null for the others.
    select x.*,
           case when x.status in ('LOTE_CRIADO', 'EM_COTACAO')
                then (row_number() over (partition by x.unit_id, x.status order by x.i) - 1) / 100 end as bucket
    from generated x`,
    [`${BARCODE_PREFIX}%`, SHORTAGE_COUNT - existing, SHORTAGE_MARKER],
  );
  await client.query(`
    create temporary table seed_batches on commit drop as
    select gen_random_uuid() as id, b.unit_id, b.status, b.bucket, b.creator, b.newest
    from (
      select s.unit_id, s.status, s.bucket, min(s.creator::text)::uuid as creator, max(s.created_at) as newest
      from seed_shortages s
      where s.bucket is not null
      group by s.unit_id, s.status, s.bucket
    ) b`);
  const batches = await client.query(`
    insert into public.quote_batches (id, unit_id, name, status, created_by, created_at, sent_at)
    select b.id, b.unit_id,
           'Carga ' || case when b.status = 'LOTE_CRIADO' then 'aberto' else 'em cotação' end || ' ' || left(b.id::text, 6),
           case when b.status = 'LOTE_CRIADO' then 'ABERTO' else 'EM_COTACAO' end,
           b.creator,
           least(now(), b.newest + interval '1 hour'),
           case when b.status = 'EM_COTACAO' then least(now(), b.newest + interval '2 hours') end
    from seed_batches b`);
  const inserted = await client.query(`
    insert into public.shortages
      (product_id, unit_id, requested_quantity, available_quantity, status, created_by, group_id, batch_id, observation, created_at, updated_at)
    select s.product_id, s.unit_id, s.requested, s.available, s.status, s.creator, s.group_id, b.id, s.observation,
           s.created_at, s.created_at
    from seed_shortages s
    left join seed_batches b on b.unit_id = s.unit_id and b.status = s.status and b.bucket = s.bucket
    order by s.i`);
  await client.query('commit');
  console.log(`shortages: ${inserted.rowCount ?? 0} inserted (${batches.rowCount ?? 0} batches) in ${Date.now() - started} ms`);
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: resolveDbUrl() });
  await client.connect();
  try {
    await client.query(`set statement_timeout = 0`);
    await loadProducts(client);
    await loadShortages(client);
    await client.query('analyze public.products, public.product_categories, public.shortages, public.quote_batches');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
