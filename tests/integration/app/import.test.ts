/**
 * Spreadsheet imports through the import_shortages / import_products RPCs as the
 * demo accounts: per-row validation with Portuguese messages, accepted rows
 * inserted, the run and its rejected rows recorded, all-or-nothing on failure,
 * and who may import and see the history.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions, signInAs } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';

const backend = appBackend();

function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
function randomEan13(): string {
  const body = `2${String(randomInt(0, 1e11)).padStart(11, '0')}`;
  return body + String(checkDigit(body));
}
function wrongCheckDigit(code: string): string {
  return code.slice(0, -1) + String((Number(code.slice(-1)) + 1) % 10);
}

interface ImportResult {
  import_run_id: string | null;
  dry_run: boolean;
  total: number;
  accepted: number;
  rejected: number;
  errors: { row: number; errors: string[] }[];
  warnings: { row: number; warnings: string[] }[];
}

const as = demoSessions(backend);

const tag = `import-${randomUUID().slice(0, 8)}`;
const product = { id: '', barcode: randomEan13(), name: `Produto ${tag}` };
const trapProduct = { id: '', barcode: randomEan13(), name: `Armadilha ${tag}` };

beforeAll(async () => {
  const db = await sql(backend);
  try {
    for (const p of [product, trapProduct]) {
      const row = await db.query<{ id: string }>('insert into public.products (barcode, name) values ($1, $2) returning id', [p.barcode, p.name]);
      p.id = row.rows[0]?.id ?? '';
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query('delete from public.import_runs where file_name like $1', [`%${tag}%`]);
    await db.query(
      `delete from public.shortages where product_id in (select id from public.products where name like $1)`,
      [`%${tag}%`],
    );
    await db.query(
      `delete from public.product_categories where product_id in (select id from public.products where name like $1)`,
      [`%${tag}%`],
    );
    await db.query('delete from public.products where name like $1', [`%${tag}%`]);
    await db.query('delete from public.categories where name like $1', [`%${tag}%`]);
  } finally {
    await db.end();
  }
});

describe('import_shortages', () => {
  it('inserts the valid rows, rejects the bad ones with Portuguese messages and records the run', async () => {
    const client = await as('balconista');
    const fileName = `faltas-${tag}.xlsx`;
    const rows = [
      { barcode: product.barcode, requested_quantity: 5, available_quantity: 1, observation: 'Cliente aguardando' },
      { product_name: product.name.toUpperCase(), requested_quantity: '3' },
      { barcode: wrongCheckDigit(product.barcode), requested_quantity: 2 },
      { barcode: '78910001000A5', requested_quantity: 2 },
      { barcode: randomEan13(), requested_quantity: 2 },
      { product_name: `Inexistente ${tag}`, requested_quantity: 2 },
      { barcode: product.barcode, requested_quantity: 0 },
      { barcode: product.barcode, requested_quantity: 'dez', available_quantity: -2 },
      { requested_quantity: 1 },
    ];
    const { data, error } = await client.rpc('import_shortages', { p_file_name: fileName, p_rows: rows });
    expect(error).toBeNull();
    const result = data as ImportResult;
    expect(result).toMatchObject({ total: 9, accepted: 2, rejected: 7 });
    expect(result.errors).toEqual([
      { row: 3, errors: ['Código de barras inválido: dígito verificador incorreto'] },
      { row: 4, errors: ['Código de barras inválido'] },
      { row: 5, errors: ['Código de barras não encontrado'] },
      { row: 6, errors: ['Produto não encontrado'] },
      { row: 7, errors: ['Quantidade solicitada inválida'] },
      { row: 8, errors: ['Quantidade solicitada inválida', 'Quantidade disponível inválida'] },
      { row: 9, errors: ['Informe o código de barras ou o nome do produto'] },
    ]);

    const shortages = await client
      .from('shortages')
      .select('requested_quantity, available_quantity, observation, unit:store_units(name)')
      .eq('product_id', product.id)
      .order('requested_quantity');
    expect(shortages.data).toEqual([
      { requested_quantity: 3, available_quantity: 0, observation: null, unit: { name: 'Unidade Centro' } },
      { requested_quantity: 5, available_quantity: 1, observation: 'Cliente aguardando', unit: { name: 'Unidade Centro' } },
    ]);

    const run = await client.from('import_runs').select('*').eq('id', result.import_run_id ?? '').single();
    expect(run.data).toMatchObject({ kind: 'shortages', file_name: fileName, rows_total: 9, rows_accepted: 2, rows_rejected: 7 });
    const rejections = await client
      .from('import_run_rejections')
      .select('row_number, data, errors')
      .eq('import_run_id', result.import_run_id ?? '')
      .order('row_number');
    expect(rejections.data).toHaveLength(7);
    expect(rejections.data?.[0]).toEqual({ row_number: 3, data: rows[2], errors: ['Código de barras inválido: dígito verificador incorreto'] });
  });

  it('applies nothing when a statement fails half-way (one transaction)', async () => {
    const db = await sql(backend);
    const fileName = `falha-${tag}.csv`;
    const trapName = `test_import_trap_${tag.replace(/-/g, '_')}`;
    // Fixture: make inserting a shortage of the trap product fail.
    await db.query(`
      create function public.${trapName}() returns trigger language plpgsql set search_path = '' as $$
      begin raise exception 'armadilha de teste'; end $$`);
    await db.query(`revoke all on function public.${trapName}() from public`);
    await db.query(`
      create trigger ${trapName} before insert on public.shortages
      for each row when (new.product_id = '${trapProduct.id}') execute function public.${trapName}()`);
    try {
      const client = await as('balconista');
      const { error } = await client.rpc('import_shortages', {
        p_file_name: fileName,
        p_rows: [
          { barcode: product.barcode, requested_quantity: 7, observation: fileName },
          { barcode: trapProduct.barcode, requested_quantity: 1 },
          { barcode: 'x', requested_quantity: 1 },
        ],
      });
      expect(error?.message).toBe('armadilha de teste');
      const runs = await client.from('import_runs').select('id').eq('file_name', fileName);
      expect(runs.data).toEqual([]);
      const shortages = await client.from('shortages').select('id').eq('observation', fileName);
      expect(shortages.data).toEqual([]);
    } finally {
      await db.query(`drop trigger ${trapName} on public.shortages`);
      await db.query(`drop function public.${trapName}()`);
      await db.end();
    }
  });

  it('refuses callers without CREATE_SHORTAGES, anon, and malformed payloads', async () => {
    const denied = await (await as('compras')).rpc('import_shortages', { p_file_name: `x-${tag}.csv`, p_rows: [] });
    expect(denied.error?.code).toBe('42501');
    expect(denied.error?.message).toBe('Sem permissão para importar faltas');
    const anon = await anonClient(backend).rpc('import_shortages', { p_file_name: `x-${tag}.csv`, p_rows: [] });
    expect(anon.error?.code).toBe('42501');
    const malformed = await (await as('balconista')).rpc('import_shortages', { p_file_name: `x-${tag}.csv`, p_rows: { barcode: '1' } });
    expect(malformed.error?.code).toBe('22023');
    expect(malformed.error?.message).toBe('Formato de arquivo inválido: esperada uma lista de linhas');
    const otherUnit = await (await as('balconista')).rpc('import_shortages', {
      p_file_name: `x-${tag}.csv`,
      p_rows: [{ barcode: product.barcode, requested_quantity: 1 }],
      p_unit_id: (await (await as('admin')).from('store_units').select('id').eq('name', 'Unidade Sul').single()).data?.id,
    });
    expect(otherUnit.error?.code).toBe('42501');
  });

  it('shows a unit\'s import history to that unit and the admin only', async () => {
    const fileName = `historico-${tag}.csv`;
    const { data } = await (await as('balconista2')).rpc('import_shortages', {
      p_file_name: fileName,
      p_rows: [{ barcode: product.barcode, requested_quantity: 1 }, { barcode: '1', requested_quantity: 1 }],
    });
    const runId = (data as ImportResult).import_run_id ?? '';
    const ownUnit = await (await as('balconista2')).from('import_runs').select('id').eq('id', runId);
    expect(ownUnit.data).toHaveLength(1);
    const admin = await (await as('admin')).from('import_runs').select('id').eq('id', runId);
    expect(admin.data).toHaveLength(1);
    for (const key of ['balconista', 'farmaceutico', 'representante'] as const) {
      const client = await as(key);
      expect((await client.from('import_runs').select('id').eq('id', runId)).data).toEqual([]);
      expect((await client.from('import_run_rejections').select('id').eq('import_run_id', runId)).data).toEqual([]);
    }
    // A run's author is always the caller (a run in another's name is refused, not rewritten),
    // and a clerk cannot file a run under another unit.
    const { userId } = await signInAs(backend, 'balconista');
    const forged = await (await as('balconista'))
      .from('import_runs')
      .insert({ kind: 'shortages', file_name: fileName, unit_id: null, created_by: randomUUID() });
    expect(forged.error?.code).toBe('42501');
    const own = await (await as('balconista'))
      .from('import_runs')
      .insert({ kind: 'shortages', file_name: fileName, unit_id: null })
      .select('created_by')
      .single();
    expect(own.data?.created_by).toBe(userId);
    const norte = (await (await as('balconista')).from('store_units').select('id').eq('name', 'Unidade Norte').single()).data;
    expect(norte?.id).toEqual(expect.any(String));
    const otherUnit = await (await as('balconista'))
      .from('import_runs')
      .insert({ kind: 'shortages', file_name: fileName, unit_id: norte?.id });
    expect(otherUnit.error?.code).toBe('42501');
  });
});

describe('dry run (the preview)', () => {
  /** Rows, shortages and history of the fixture product and of the run's file, as the database holds them. */
  async function footprint(fileName: string): Promise<{ shortages: number; runs: number; products: number }> {
    const db = await sql(backend);
    try {
      const shortages = await db.query<{ n: string }>('select count(*) as n from public.shortages where product_id = any($1)', [[product.id, trapProduct.id]]);
      const runs = await db.query<{ n: string }>('select count(*) as n from public.import_runs where file_name = $1', [fileName]);
      const products = await db.query<{ n: string }>('select count(*) as n from public.products where name like $1', [`%${tag}%`]);
      return { shortages: Number(shortages.rows[0]?.n), runs: Number(runs.rows[0]?.n), products: Number(products.rows[0]?.n) };
    } finally {
      await db.end();
    }
  }

  it('validates shortage rows against the database, writes nothing, and reports what the import then does', async () => {
    const client = await as('farmaceutico');
    const fileName = `previa-${tag}.csv`;
    const db = await sql(backend);
    try {
      // Two catalogue products with the same name make a name ambiguous.
      await db.query(`insert into public.products (name) values ($1), ($1)`, [`Duplicado ${tag}`]);
    } finally {
      await db.end();
    }
    const rows = [
      { barcode: trapProduct.barcode, requested_quantity: 2 },
      { product_name: `Inexistente ${tag}`, requested_quantity: 1 },
      { product_name: `Duplicado ${tag}`, requested_quantity: 1 },
      { barcode: randomEan13(), requested_quantity: 1 },
      { barcode: trapProduct.barcode, requested_quantity: 4 },
      { barcode: wrongCheckDigit(trapProduct.barcode), requested_quantity: 0 },
      { barcode: trapProduct.barcode, requested_quantity: 1, observation: 'x'.repeat(501) },
    ];
    const before = await footprint(fileName);
    const dry = await client.rpc('import_shortages', { p_file_name: fileName, p_rows: rows, p_dry_run: true });
    expect(dry.error).toBeNull();
    const preview = dry.data as ImportResult;
    expect(preview).toMatchObject({ import_run_id: null, dry_run: true, total: 7, accepted: 2, rejected: 5 });
    expect(preview.errors).toEqual([
      { row: 2, errors: ['Produto não encontrado'] },
      { row: 3, errors: ['Mais de um produto com este nome: informe o código de barras'] },
      { row: 4, errors: ['Código de barras não encontrado'] },
      { row: 6, errors: ['Código de barras inválido: dígito verificador incorreto', 'Quantidade solicitada inválida'] },
      { row: 7, errors: ['A observação deve ter no máximo 500 caracteres'] },
    ]);
    expect(preview.warnings).toEqual([{ row: 5, warnings: ['Produto repetido no arquivo (linha 1)'] }]);
    expect(await footprint(fileName)).toEqual(before);

    // The real import reports exactly the same rows, and writes.
    const real = await client.rpc('import_shortages', { p_file_name: fileName, p_rows: rows });
    expect(real.error).toBeNull();
    const result = real.data as ImportResult;
    expect(result).toMatchObject({ dry_run: false, total: 7, accepted: 2, rejected: 5, import_run_id: expect.any(String) });
    expect(result.errors).toEqual(preview.errors);
    expect(result.warnings).toEqual(preview.warnings);
    expect(await footprint(fileName)).toEqual({ ...before, shortages: before.shortages + 2, runs: 1 });

    // Now the product has open shortages in the unit: a new preview warns about them.
    const again = await client.rpc('import_shortages', { p_file_name: fileName, p_rows: [rows[0]], p_dry_run: true });
    expect((again.data as ImportResult).warnings).toEqual([
      { row: 1, warnings: ['Já existe uma falta em aberto deste produto na unidade (Pendente)'] },
    ]);
    expect(await footprint(fileName)).toEqual({ ...before, shortages: before.shortages + 2, runs: 1 });
  });

  it('validates product rows against the catalogue without creating products or categories', async () => {
    const client = await as('farmaceutico');
    const fileName = `previa-produtos-${tag}.csv`;
    const fresh = randomEan13();
    const rows = [
      { barcode: fresh, name: `Prévia ${tag}`, category: `Grupo prévia ${tag}` },
      { barcode: product.barcode, name: `Existente ${tag}` },
      { name: product.name },
      { name: `prévia ${tag}` },
    ];
    const before = await footprint(fileName);
    const dry = await client.rpc('import_products', { p_file_name: fileName, p_rows: rows, p_dry_run: true });
    expect(dry.error).toBeNull();
    expect(dry.data).toMatchObject({ import_run_id: null, dry_run: true, total: 4, accepted: 3, rejected: 1 });
    expect((dry.data as ImportResult).errors).toEqual([{ row: 2, errors: ['Código de barras já cadastrado'] }]);
    expect((dry.data as ImportResult).warnings).toEqual([
      { row: 3, warnings: ['Já existe um produto com este nome'] },
      { row: 4, warnings: ['Nome repetido no arquivo (linha 1)'] },
    ]);
    expect(await footprint(fileName)).toEqual(before);
    const category = await client.from('categories').select('id').eq('name', `Grupo prévia ${tag}`);
    expect(category.data).toEqual([]);
  });

  it('checks permissions on a dry run too', async () => {
    const denied = await (await as('compras')).rpc('import_shortages', { p_file_name: `x-${tag}.csv`, p_rows: [{ requested_quantity: 1 }], p_dry_run: true });
    expect(denied.error).toMatchObject({ code: '42501', message: 'Sem permissão para importar faltas' });
    const products = await (await as('analista')).rpc('import_products', { p_file_name: `x-${tag}.csv`, p_rows: [{ name: 'x' }], p_dry_run: true });
    expect(products.error).toMatchObject({ code: '42501', message: 'Sem permissão para importar produtos' });
  });
});

describe('import_products', () => {
  it('creates products and missing categories, and rejects bad rows', async () => {
    const client = await as('farmaceutico');
    const fresh = randomEan13();
    const { data, error } = await client.rpc('import_products', {
      p_file_name: `produtos-${tag}.csv`,
      p_rows: [
        { barcode: fresh, name: `Novo ${tag}`, description: 'Importado', category: `Grupo ${tag}` },
        { name: `Sem código ${tag}`, category: 'analgésicos' },
        { barcode: fresh, name: `Repetido ${tag}` },
        { barcode: product.barcode, name: `Existente ${tag}` },
        { barcode: wrongCheckDigit(randomEan13()), name: `Errado ${tag}` },
        { barcode: 'ABC', name: `Letras ${tag}` },
        { barcode: randomEan13(), name: '  ' },
      ],
    });
    expect(error).toBeNull();
    const result = data as ImportResult;
    expect(result).toMatchObject({ total: 7, accepted: 2, rejected: 5 });
    expect(result.errors).toEqual([
      { row: 3, errors: ['Código de barras repetido no arquivo'] },
      { row: 4, errors: ['Código de barras já cadastrado'] },
      { row: 5, errors: ['Código de barras inválido: dígito verificador incorreto'] },
      { row: 6, errors: ['Código de barras inválido'] },
      { row: 7, errors: ['Nome do produto é obrigatório'] },
    ]);
    const created = await client
      .from('products')
      .select('barcode, name, description, product_categories(categories(name))')
      .in('name', [`Novo ${tag}`, `Sem código ${tag}`])
      .order('name');
    expect(created.data).toEqual([
      { barcode: fresh, name: `Novo ${tag}`, description: 'Importado', product_categories: [{ categories: { name: `Grupo ${tag}` } }] },
      { barcode: null, name: `Sem código ${tag}`, description: null, product_categories: [{ categories: { name: 'Analgésicos' } }] },
    ]);
  });

  it('refuses callers without MANAGE_PRODUCTS', async () => {
    const { error } = await (await as('analista')).rpc('import_products', { p_file_name: `p-${tag}.csv`, p_rows: [{ name: `X ${tag}` }] });
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('Sem permissão para importar produtos');
  });
});
