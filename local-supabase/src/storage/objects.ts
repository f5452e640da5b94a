/**
 * /object routes (storage-js StorageFileApi). Rows of storage.objects are read and
 * written as the caller, so the project's RLS policies decide; the bytes live in the
 * FileStore and are only placed once the row's transaction is about to commit.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ServicePools } from '../context.ts';
import { errors } from './errors.ts';
import type { FileStore, TempFile } from './files.ts';
import { asCaller, type Caller } from './request.ts';

/** Default of `[storage] file_size_limit` ("50MiB"), the CLI's and hosted free plan's. */
export const DEFAULT_GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at';

export function renderObject(row: ObjectRow): Record<string, unknown> {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? row.owner_id ?? null,
    owner_id: row.owner_id,
    id: row.id,
    version: row.version,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}

/** Object keys as storage-api accepts them: no empty, `.`/`..` or control characters. */
export function validateKey(name: string): void {
  if (
    !name ||
    name.length > 1024 ||
    [...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127) ||
    name.split('/').some((segment) => segment === '.' || segment === '..') ||
    name.startsWith('/')
  ) {
    throw errors.invalidKey(name);
  }
}

interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

/** The bucket's settings, read as superuser (storage-api does the same for limits). */
export async function findBucket(pool: ServicePools, bucketId: string): Promise<BucketLimits> {
  const result = await pool.admin.query<BucketLimits>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucketId],
  );
  const row = result.rows[0];
  if (!row) throw errors.noSuchBucket();
  return row;
}

function mimeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p === '*/*' || p === '*') return true;
    if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1));
    return p === type;
  });
}

interface UploadInput {
  file: TempFile;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function cacheControlHeader(value: string | undefined | null): string {
  const raw = (value ?? '').trim();
  if (!raw) return 'max-age=3600';
  return /^\d+$/.test(raw) ? `max-age=${raw}` : raw;
}

function parseUserMetadata(value: string | undefined | null, base64: boolean): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const text = base64 ? Buffer.from(value, 'base64').toString('utf8') : value;
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Invalid metadata');
}

/** Reads an upload body: multipart (storage-js sends FormData for Blob/File) or raw bytes. */
async function readUpload(req: IncomingMessage, store: FileStore, limit: number): Promise<UploadInput> {
  const contentType = req.headers['content-type'] ?? '';
  const declaredLength = Number(req.headers['content-length'] ?? '');
  if (Number.isFinite(declaredLength) && declaredLength > limit + 64 * 1024 && contentType.includes('multipart/')) {
    throw errors.entityTooLarge();
  }
  if (/^multipart\/form-data/i.test(contentType)) {
    const request = new Request('http://storage.local/upload', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw errors.invalidRequest('Invalid multipart body');
    }
    let file: Blob | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw errors.invalidRequest('No content provided');
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    const temp = await store.writeTemp(Buffer.from(await file.arrayBuffer()), limit);
    return {
      file: temp,
      contentType: file.type || 'application/octet-stream',
      cacheControl: cacheControlHeader(typeof cacheControl === 'string' ? cacheControl : null),
      userMetadata: parseUserMetadata(typeof metadata === 'string' ? metadata : null, false),
    };
  }
  const metadataHeader = req.headers['x-metadata'];
  const userMetadata = parseUserMetadata(typeof metadataHeader === 'string' ? metadataHeader : null, true);
  const temp = await store.writeTemp(req, limit);
  return {
    file: temp,
    contentType: contentType || 'application/octet-stream',
    cacheControl: cacheControlHeader(req.headers['cache-control']),
    userMetadata,
  };
}

export interface UploadOptions {
  bucketId: string;
  name: string;
  /** POST with x-upsert: true, or a signed upload URL issued with upsert. */
  upsert: boolean;
  /** PUT /object: replace an existing object only. */
  updateOnly: boolean;
  /** Owner to record instead of the caller's (signed upload URLs). */
  ownerOverride?: { sub: string | undefined; ownerUuid: string | null };
  /** `[storage] file_size_limit` of the project. */
  globalLimit: number;
}

/** Upload / update: file first, then the row as the caller, then the bytes into place. */
export async function uploadObject(
  pool: ServicePools,
  store: FileStore,
  caller: Caller,
  req: IncomingMessage,
  options: UploadOptions,
): Promise<{ Id: string; Key: string }> {
  const { bucketId, name } = options;
  validateKey(name);
  const bucket = await findBucket(pool, bucketId);
  const bucketLimit = bucket.file_size_limit === null ? options.globalLimit : Number(bucket.file_size_limit);
  const limit = Math.min(bucketLimit, options.globalLimit);
  const input = await readUpload(req, store, limit);
  let placed: { id: string; version: string } | undefined;
  try {
    if (!mimeAllowed(input.contentType, bucket.allowed_mime_types)) throw errors.invalidMimeType(input.contentType);
    const version = randomUUID();
    const now = new Date();
    const metadata = {
      eTag: input.file.eTag,
      size: input.file.size,
      mimetype: input.contentType,
      cacheControl: input.cacheControl,
      lastModified: now.toISOString(),
      contentLength: input.file.size,
      httpStatusCode: 200,
    };
    const owner = options.ownerOverride ?? { sub: caller.sub, ownerUuid: caller.ownerUuid };
    const result = await asCaller(pool, caller, {}, async (client) => {
      let row: { id: string; previous_version: string | null } | undefined;
      if (options.updateOnly) {
        const previous = await client.query<{ id: string; version: string | null }>(
          'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
          [bucketId, name],
        );
        const existing = previous.rows[0];
        if (!existing) throw errors.noSuchKey();
        const updated = await client.query<{ id: string }>(
          `update storage.objects
              set metadata = $3, user_metadata = $4, version = $5, owner = $6, owner_id = $7,
                  updated_at = now(), last_accessed_at = now()
            where bucket_id = $1 and name = $2
          returning id`,
          [bucketId, name, metadata, input.userMetadata, version, owner.ownerUuid, owner.sub ?? null],
        );
        if (!updated.rows[0]) throw errors.noSuchKey();
        row = { id: existing.id, previous_version: existing.version };
      } else if (options.upsert) {
        const previous = await client.query<{ version: string | null }>(
          'select version from storage.objects where bucket_id = $1 and name = $2',
          [bucketId, name],
        );
        const upserted = await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $6, $7, $3, $4, $5)
           on conflict (bucket_id, name) do update
             set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                 owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
           returning id`,
          [bucketId, name, metadata, input.userMetadata, version, owner.ownerUuid, owner.sub ?? null],
        );
        const inserted = upserted.rows[0];
        if (!inserted) throw errors.accessDenied();
        row = { id: inserted.id, previous_version: previous.rows[0]?.version ?? null };
      } else {
        const inserted = await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $6, $7, $3, $4, $5) returning id`,
          [bucketId, name, metadata, input.userMetadata, version, owner.ownerUuid, owner.sub ?? null],
        );
        const first = inserted.rows[0];
        if (!first) throw errors.accessDenied();
        row = { id: first.id, previous_version: null };
      }
      // Still inside the transaction: if placing the bytes fails, the row is rolled back.
      await store.place(input.file, bucketId, row.id, version);
      placed = { id: row.id, version };
      return row;
    });
    placed = undefined; // committed: the new bytes belong to the row now
    if (result.previous_version && result.previous_version !== version) {
      await store.removeVersion(bucketId, result.id, result.previous_version).catch(() => undefined);
    }
    return { Id: result.id, Key: `${bucketId}/${name}` };
  } catch (error) {
    await store.discard(input.file);
    // The bytes were placed but the commit failed: remove them again.
    if (placed) await store.removeVersion(bucketId, placed.id, placed.version);
    throw error;
  }
}

/** The object row as the caller sees it (RLS select), or NoSuchKey. */
export async function findObject(pool: ServicePools, caller: Caller, bucketId: string, name: string): Promise<ObjectRow> {
  const row = await asCaller(pool, caller, { readOnly: true }, async (client) => {
    const result = await client.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    return result.rows[0];
  });
  if (!row) throw errors.noSuchKey();
  return row;
}

/** The object row without RLS (public buckets, signed URLs). */
export async function findObjectAsSuperuser(pool: ServicePools, bucketId: string, name: string): Promise<ObjectRow> {
  const result = await pool.admin.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  const row = result.rows[0];
  if (!row) throw errors.noSuchKey();
  return row;
}

/**
 * The Content-Type a stored object is served with: its recorded mimetype, except that storage-api
 * serves anything declared text/html as text/plain (no page is ever rendered from a bucket).
 */
export function servedContentType(mimetype: unknown): string {
  if (typeof mimetype !== 'string' || mimetype === '') return 'application/octet-stream';
  return mimetype.includes('text/html') ? 'text/plain' : mimetype;
}

/**
 * storage-api's Content-Disposition for `?download[=name]`: `attachment;` without a name, else the
 * name percent-encoded in both parameters (no quote, semicolon or line break can reach the header).
 */
export function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

/** Streams an object's bytes with storage-api's headers. */
export async function sendObject(
  store: FileStore,
  row: ObjectRow,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const file = await store.open(row.bucket_id, row.id, row.version ?? '');
  if (!file) throw errors.noSuchKey();
  const metadata = row.metadata ?? {};
  const eTag = typeof metadata.eTag === 'string' ? metadata.eTag : undefined;
  const headers: Record<string, string | number> = {
    'content-type': servedContentType(metadata.mimetype),
    'content-length': file.size,
    'cache-control': typeof metadata.cacheControl === 'string' ? metadata.cacheControl : 'max-age=3600',
    'accept-ranges': 'bytes',
    // storage-api's renderer: no indexing of stored files.
    'x-robots-tag': 'none',
    // The stored type is what the uploader declared: the browser must not second-guess it into
    // something executable (an HTML page uploaded as image/png stays an image that fails to load).
    'x-content-type-options': 'nosniff',
  };
  if (eTag) headers.etag = eTag;
  const lastModified = row.updated_at ?? row.created_at;
  if (lastModified) headers['last-modified'] = lastModified.toUTCString();
  if (query.has('download')) headers['content-disposition'] = contentDisposition(query.get('download') ?? '');
  if (eTag && req.headers['if-none-match'] === eTag) {
    file.stream.destroy();
    res.writeHead(304, { etag: eTag, 'cache-control': String(headers['cache-control']) });
    res.end();
    return;
  }
  let stream = file.stream;
  let status = 200;
  const range = parseRange(req.headers.range, file.size);
  if (range === 'invalid') {
    file.stream.destroy();
    res.writeHead(416, { 'content-range': `bytes */${file.size}` });
    res.end();
    return;
  }
  if (range) {
    file.stream.destroy();
    stream = store.openRange(row.bucket_id, row.id, row.version ?? '', range.start, range.end);
    status = 206;
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['content-length'] = range.end - range.start + 1;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    stream.destroy();
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; anything else serves the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function renderInfo(row: ObjectRow): Record<string, unknown> {
  const metadata = row.metadata ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: metadata.lastModified ?? row.updated_at,
    created_at: row.created_at,
  };
}

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  sortBy?: unknown;
  search?: unknown;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** One level of a "folder": files plus sub-folders (id null), as storage.search() returns them. */
export async function listObjects(pool: ServicePools, caller: Caller, bucketId: string, body: ListBody): Promise<unknown[]> {
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (prefix === '/') prefix = '';
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 10000);
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy && typeof body.sortBy === 'object' ? body.sortBy : {}) as { column?: unknown; order?: unknown };
  const columns = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
  const column = typeof sortBy.column === 'string' && columns.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const rows = await asCaller(pool, caller, { readOnly: true }, async (client) => {
    const result = await client.query(
      `with items as (
         select split_part(substr(o.name, length($2) + 1), '/', 1) as segment,
                strpos(substr(o.name, length($2) + 1), '/') > 0 as is_folder,
                o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
           from storage.objects o
          where o.bucket_id = $1 and left(o.name, length($2)) = $2
       ), entries as (
         select distinct segment as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
           from items where is_folder
         union all
         select segment, id, updated_at, created_at, last_accessed_at, metadata from items where not is_folder
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from entries
        where name <> '' and ($3 = '' or name ilike $4 escape '\\')
        order by ${column} ${order} nulls ${order === 'asc' ? 'first' : 'last'}, name collate "C" ${order}
        limit $5 offset $6`,
      [bucketId, prefix, search, `${escapeLike(search)}%`, limit, offset],
    );
    return result.rows as unknown[];
  });
  return rows;
}

/** DELETE /object/<bucket> {prefixes}: removes what the caller may see and delete. */
export async function removeObjects(
  pool: ServicePools,
  store: FileStore,
  caller: Caller,
  bucketId: string,
  names: string[],
): Promise<unknown[]> {
  const rows = await asCaller(pool, caller, {}, async (client) => {
    const result = await client.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, names],
    );
    return result.rows;
  });
  await Promise.all(rows.map((row) => store.removeObject(row.bucket_id, row.id)));
  return rows.map(renderObject);
}

/** POST /bucket/<id>/empty: deletes every object the caller may delete. */
export async function emptyBucket(pool: ServicePools, store: FileStore, caller: Caller, bucketId: string): Promise<void> {
  const rows = await asCaller(pool, caller, {}, async (client) => {
    const bucket = await client.query('select 1 from storage.buckets where id = $1', [bucketId]);
    if ((bucket.rowCount ?? 0) === 0) throw errors.noSuchBucket();
    const result = await client.query<{ id: string }>('delete from storage.objects where bucket_id = $1 returning id', [
      bucketId,
    ]);
    return result.rows;
  });
  await Promise.all(rows.map((row) => store.removeObject(bucketId, row.id)));
}

interface MoveCopyBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
  copyMetadata?: unknown;
}

function moveCopyParams(body: MoveCopyBody): { bucketId: string; sourceKey: string; destinationKey: string; destinationBucket: string } {
  if (typeof body.bucketId !== 'string' || !body.bucketId) throw errors.missingParameter('bucketId');
  if (typeof body.sourceKey !== 'string' || !body.sourceKey) throw errors.missingParameter('sourceKey');
  if (typeof body.destinationKey !== 'string' || !body.destinationKey) throw errors.missingParameter('destinationKey');
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : body.bucketId;
  validateKey(body.destinationKey);
  return { bucketId: body.bucketId, sourceKey: body.sourceKey, destinationKey: body.destinationKey, destinationBucket };
}

export async function moveObject(pool: ServicePools, store: FileStore, caller: Caller, body: MoveCopyBody): Promise<unknown> {
  const p = moveCopyParams(body);
  if (p.destinationBucket !== p.bucketId) await findBucket(pool, p.destinationBucket);
  await asCaller(pool, caller, {}, async (client) => {
    const result = await client.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2 returning id`,
      [p.bucketId, p.sourceKey, p.destinationBucket, p.destinationKey],
    );
    const row = result.rows[0];
    if (!row) throw errors.noSuchKey();
    await store.move(p.bucketId, row.id, p.destinationBucket);
  });
  return { message: 'Successfully moved' };
}

export async function copyObject(pool: ServicePools, store: FileStore, caller: Caller, body: MoveCopyBody): Promise<unknown> {
  const p = moveCopyParams(body);
  if (p.destinationBucket !== p.bucketId) await findBucket(pool, p.destinationBucket);
  const copyMetadata = body.copyMetadata !== false;
  const version = randomUUID();
  let placed: { id: string } | undefined;
  try {
    const id = await asCaller(pool, caller, {}, async (client) => {
      const source = await client.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [p.bucketId, p.sourceKey],
      );
      const row = source.rows[0];
      if (!row) throw errors.noSuchKey();
      const inserted = await client.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          p.destinationBucket,
          p.destinationKey,
          caller.ownerUuid,
          caller.sub ?? null,
          { ...(row.metadata ?? {}), lastModified: new Date().toISOString() },
          copyMetadata ? row.user_metadata : null,
          version,
        ],
      );
      const target = inserted.rows[0];
      if (!target) throw errors.accessDenied();
      await store.copy(row.bucket_id, row.id, row.version ?? '', p.destinationBucket, target.id, version);
      placed = { id: target.id };
      return target.id;
    });
    placed = undefined;
    return { Id: id, Key: `${p.destinationBucket}/${p.destinationKey}` };
  } catch (error) {
    if (placed) await store.removeObject(p.destinationBucket, placed.id);
    throw error;
  }
}
