/**
 * /bucket routes (storage-js StorageBucketApi). Every statement runs as the caller,
 * so RLS on storage.buckets decides; service_role bypasses it.
 */
import type { ServicePools } from '../context.ts';
import { errors } from './errors.ts';
import { asCaller, type Caller } from './request.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  type: string | null;
  created_at: Date | null;
  updated_at: Date | null;
}

const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;

export function renderBucket(row: BucketRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? row.owner_id ?? '',
    public: row.public ?? false,
    type: row.type ?? 'STANDARD',
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `file_size_limit` as storage-api accepts it: bytes as a number or a string like "5MB". */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|KIB|MIB|GIB)?\s*$/i.exec(value);
    if (match) {
      const units: Record<string, number> = {
        B: 1,
        KB: 1000,
        MB: 1000 ** 2,
        GB: 1000 ** 3,
        KIB: 1024,
        MIB: 1024 ** 2,
        GIB: 1024 ** 3,
      };
      return Math.floor(Number(match[1]) * (units[(match[2] ?? 'B').toUpperCase()] ?? 1));
    }
  }
  throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? (value as string[]) : null;
  }
  throw errors.invalidRequest('allowed_mime_types must be an array of strings');
}

const BUCKET_COLUMNS = 'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type, created_at, updated_at';

export async function listBuckets(pool: ServicePools, caller: Caller, query: URLSearchParams): Promise<unknown[]> {
  const limit = Number(query.get('limit') ?? '') || null;
  const offset = Number(query.get('offset') ?? '') || 0;
  const sortColumns = new Set(['id', 'name', 'created_at', 'updated_at']);
  const sortColumn = sortColumns.has(query.get('sortColumn') ?? '') ? (query.get('sortColumn') as string) : 'name';
  const sortOrder = query.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = query.get('search') ?? '';
  const rows = await asCaller(pool, caller, { readOnly: true }, async (client) => {
    const result = await client.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where ($1 = '' or name ilike '%' || $1 || '%')
        order by ${sortColumn} ${sortOrder} limit $2 offset $3`,
      [search, limit, offset],
    );
    return result.rows;
  });
  return rows.map(renderBucket);
}

export async function getBucket(pool: ServicePools, caller: Caller, id: string): Promise<unknown> {
  const row = await asCaller(pool, caller, { readOnly: true }, async (client) => {
    const result = await client.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
    return result.rows[0];
  });
  if (!row) throw errors.noSuchBucket();
  return renderBucket(row);
}

export async function createBucket(pool: ServicePools, caller: Caller, body: Record<string, unknown>): Promise<unknown> {
  const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : undefined;
  if (!name) throw errors.missingParameter('name');
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  if (!BUCKET_NAME.test(id) || !BUCKET_NAME.test(name) || id.trim() !== id) throw errors.invalidBucketName();
  const fileSizeLimit = parseFileSizeLimit(body.file_size_limit);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  await asCaller(pool, caller, {}, async (client) => {
    await client.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, name, caller.ownerUuid, caller.sub ?? null, body.public === true, fileSizeLimit, mimeTypes],
    );
  });
  return { name: id };
}

export async function updateBucket(pool: ServicePools, caller: Caller, id: string, body: Record<string, unknown>): Promise<unknown> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  if (body.public !== undefined) {
    values.push(body.public === true);
    sets.push(`public = $${values.length}`);
  }
  if (body.file_size_limit !== undefined) {
    values.push(parseFileSizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${values.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    values.push(parseMimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${values.length}`);
  }
  sets.push('updated_at = now()');
  const updated = await asCaller(pool, caller, {}, async (client) => {
    const result = await client.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, values);
    return result.rowCount ?? 0;
  });
  if (updated === 0) throw errors.noSuchBucket();
  return { message: 'Successfully updated' };
}

export async function deleteBucket(pool: ServicePools, caller: Caller, id: string): Promise<unknown> {
  const deleted = await asCaller(pool, caller, {}, async (client) => {
    const objects = await client.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if ((objects.rowCount ?? 0) > 0) throw errors.bucketNotEmpty();
    const result = await client.query('delete from storage.buckets where id = $1', [id]);
    return result.rowCount ?? 0;
  });
  if (deleted === 0) throw errors.noSuchBucket();
  return { message: 'Successfully deleted' };
}
