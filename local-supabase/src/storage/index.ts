/**
 * /storage/v1: a storage-api compatible service for storage-js 2.119 (buckets, objects,
 * public and signed URLs). Metadata lives in storage.buckets / storage.objects and is
 * accessed as the caller so the project's RLS policies apply; bytes live on disk under
 * `<dataDir>/storage`. See README.md for what is and is not implemented.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { BackendContext, Service, ServiceFactory, ServicePools } from '../context.ts';
import { Rollback } from '../db/transaction.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { createBucket, deleteBucket, getBucket, listBuckets, parseFileSizeLimit, updateBucket } from './buckets.ts';
import { errors, fromDatabaseError, sendError, sendJson, StorageError } from './errors.ts';
import { FileStore } from './files.ts';
import {
  copyObject,
  DEFAULT_GLOBAL_FILE_SIZE_LIMIT,
  emptyBucket,
  findBucket,
  findObject,
  findObjectAsSuperuser,
  listObjects,
  moveObject,
  removeObjects,
  renderInfo,
  sendObject,
  uploadObject,
  validateKey,
} from './objects.ts';
import { asCaller, callerFromClaims, callerFromRequest, readJson, type Caller } from './request.ts';

/** Signed upload URLs are valid for two hours, as on hosted. */
const SIGNED_UPLOAD_EXPIRY_SECONDS = 2 * 60 * 60;

function decodeSegments(segments: string[]): string {
  return segments
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** `<bucket>/<object path>` from the rest of the URL. */
function bucketAndName(segments: string[]): { bucketId: string; name: string } {
  const [bucket, ...rest] = segments;
  const bucketId = decodeSegments([bucket ?? '']);
  if (!bucketId) throw errors.missingParameter('bucketName');
  const name = decodeSegments(rest);
  if (!name) throw errors.missingParameter('wildcard');
  return { bucketId, name };
}

/** `[storage] file_size_limit` from the project's config.toml (default 50MiB). */
function readGlobalFileSizeLimit(ctx: BackendContext): number {
  const file = path.join(ctx.config.projectDir, 'config.toml');
  try {
    if (!existsSync(file)) return DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
    const toml = parseToml(readFileSync(file, 'utf8')) as { storage?: { file_size_limit?: unknown } };
    return parseFileSizeLimit(toml.storage?.file_size_limit) ?? DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
  } catch (error) {
    ctx.log(`[storage] cannot read [storage] file_size_limit: ${String(error)}; using 50MiB`);
    return DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
  }
}

export const createStorageService: ServiceFactory = async (ctx: BackendContext): Promise<Service> => {
  const pool: ServicePools = { admin: ctx.pool, request: ctx.requestPool };
  const secret = ctx.config.jwtSecret;
  const store = new FileStore(path.join(ctx.config.dataDir, 'storage'));
  await store.init();
  const globalLimit = readGlobalFileSizeLimit(ctx);

  const now = (): number => Math.floor(Date.now() / 1000);

  const verifySignedToken = (token: string | null, expectedUrl: string): Record<string, unknown> => {
    if (!token) throw errors.invalidRequest('querystring must have required property \'token\'');
    // Signed URLs carry no clock skew allowance on hosted (storage-api's jsonwebtoken).
    const result = verifyJwt(token, secret, now(), 0);
    if (!result.ok) throw result.kind === 'expired' ? errors.invalidJwt('jwt expired') : errors.invalidJwt(result.message);
    const { claims } = result;
    if (claims.url !== expectedUrl) throw errors.invalidSignature('Invalid signature');
    return claims;
  };

  const route = async (req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> => {
    const url = new URL(rawPath, 'http://storage.local');
    const pathname = url.pathname;
    const segments = pathname.split('/').slice(1);
    if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
    const method = req.method ?? 'GET';
    const caller = (): Caller => callerFromRequest(req, pathname, secret);
    const [first, second, third] = segments;

    if (first === 'bucket') {
      const bucketId = second ? decodeSegments([second]) : undefined;
      if (!bucketId) {
        if (method === 'GET') return sendJson(res, 200, await listBuckets(pool, caller(), url.searchParams));
        if (method === 'POST') return sendJson(res, 200, await createBucket(pool, caller(), await readJson(req)));
      } else if (third === 'empty' && segments.length === 3 && method === 'POST') {
        await emptyBucket(pool, store, caller(), bucketId);
        return sendJson(res, 200, { message: 'Successfully emptied' });
      } else if (segments.length === 2) {
        if (method === 'GET') return sendJson(res, 200, await getBucket(pool, caller(), bucketId));
        if (method === 'PUT') return sendJson(res, 200, await updateBucket(pool, caller(), bucketId, await readJson(req)));
        if (method === 'DELETE') {
          try {
            return sendJson(res, 200, await deleteBucket(pool, caller(), bucketId));
          } catch (error) {
            // Objects the caller cannot see still block the delete (foreign key).
            if ((error as StorageError).code === 'NoSuchBucket' && (await bucketExists(bucketId))) throw errors.bucketNotEmpty();
            throw error;
          }
        }
      }
      throw errors.notFound();
    }

    if (first === 'render') {
      throw new StorageError(400, 'FeatureNotEnabled', 'FeatureNotEnabled', 'Image transformation is not enabled in the local backend');
    }

    if (first !== 'object') throw errors.notFound();
    const rest = segments.slice(1);
    const head = rest[0];

    // POST /object/list/<bucket>
    if (head === 'list' && method === 'POST' && rest.length === 2) {
      const body = await readJson(req);
      return sendJson(res, 200, await listObjects(pool, caller(), decodeSegments([rest[1] ?? '']), body));
    }
    if ((head === 'move' || head === 'copy') && rest.length === 1 && method === 'POST') {
      const body = await readJson(req);
      const result = head === 'move' ? await moveObject(pool, store, caller(), body) : await copyObject(pool, store, caller(), body);
      return sendJson(res, 200, result);
    }

    if (head === 'sign') {
      const target = rest.slice(1);
      if (method === 'GET' && target.length >= 2) {
        const { bucketId, name } = bucketAndName(target);
        verifySignedToken(url.searchParams.get('token'), `${bucketId}/${name}`);
        const row = await findObjectAsSuperuser(pool, bucketId, name);
        return sendObject(store, row, req, res, url.searchParams);
      }
      if (method === 'POST' && target.length === 1) {
        const bucketId = decodeSegments(target);
        const body = await readJson(req);
        const expiresIn = Number(body.expiresIn);
        if (!Array.isArray(body.paths)) throw errors.missingParameter('paths');
        if (!Number.isFinite(expiresIn) || expiresIn < 1) throw errors.missingParameter('expiresIn');
        const paths = body.paths.filter((item): item is string => typeof item === 'string');
        const visible = await asCaller(pool, caller(), { readOnly: true }, async (client) => {
          const result = await client.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
            [bucketId, paths],
          );
          return new Set(result.rows.map((row) => row.name));
        });
        return sendJson(
          res,
          200,
          paths.map((name) =>
            visible.has(name)
              ? { error: null, path: name, signedURL: signedUrl(bucketId, name, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
          ),
        );
      }
      if (method === 'POST' && target.length >= 2) {
        const { bucketId, name } = bucketAndName(target);
        const body = await readJson(req);
        const expiresIn = Number(body.expiresIn);
        if (!Number.isFinite(expiresIn) || expiresIn < 1) throw errors.missingParameter('expiresIn');
        await findObject(pool, caller(), bucketId, name);
        return sendJson(res, 200, { signedURL: signedUrl(bucketId, name, expiresIn) });
      }
      throw errors.notFound();
    }

    if (head === 'upload' && rest[1] === 'sign' && rest.length >= 4) {
      const { bucketId, name } = bucketAndName(rest.slice(2));
      if (method === 'POST') {
        validateKey(name);
        await findBucket(pool, bucketId);
        const who = caller();
        const upsert = req.headers['x-upsert'] === 'true';
        await checkCanInsert(who, bucketId, name, upsert);
        const token = signJwt(
          { owner: who.sub, url: `${bucketId}/${name}`, upsert, iat: now(), exp: now() + SIGNED_UPLOAD_EXPIRY_SECONDS },
          secret,
        );
        return sendJson(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
      }
      if (method === 'PUT') {
        const claims = verifySignedToken(url.searchParams.get('token'), `${bucketId}/${name}`);
        const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
        // Permission was checked when the URL was signed; the upload itself runs as service_role.
        const service = callerFromClaims({ role: 'service_role' }, req, pathname);
        const result = await uploadObject(pool, store, service, req, {
          bucketId,
          name,
          upsert: claims.upsert === true,
          updateOnly: false,
          ownerOverride: { sub: owner, ownerUuid: owner && /^[0-9a-f-]{36}$/i.test(owner) ? owner : null },
          globalLimit,
        });
        return sendJson(res, 200, { Key: result.Key, Id: result.Id });
      }
      throw errors.notFound();
    }

    if (head === 'public' && (method === 'GET' || method === 'HEAD')) {
      const { bucketId, name } = bucketAndName(rest.slice(1));
      const bucket = await findBucket(pool, bucketId);
      if (!bucket.public) throw errors.noSuchBucket();
      const row = await findObjectAsSuperuser(pool, bucketId, name);
      return sendObject(store, row, req, res, url.searchParams);
    }

    if (head === 'info') {
      let target = rest.slice(1);
      if (target[0] === 'authenticated') target = target.slice(1);
      if (target[0] === 'public') {
        const { bucketId, name } = bucketAndName(target.slice(1));
        const bucket = await findBucket(pool, bucketId);
        if (!bucket.public) throw errors.noSuchBucket();
        return sendJson(res, 200, renderInfo(await findObjectAsSuperuser(pool, bucketId, name)));
      }
      const { bucketId, name } = bucketAndName(target);
      return sendJson(res, 200, renderInfo(await findObject(pool, caller(), bucketId, name)));
    }

    const target = head === 'authenticated' && (method === 'GET' || method === 'HEAD') ? rest.slice(1) : rest;
    if (target.length === 1 && method === 'DELETE') {
      const body = await readJson(req);
      if (!Array.isArray(body.prefixes)) throw errors.missingParameter('prefixes');
      const names = body.prefixes.filter((item): item is string => typeof item === 'string');
      return sendJson(res, 200, await removeObjects(pool, store, caller(), decodeSegments(target), names));
    }
    if (target.length >= 2) {
      const { bucketId, name } = bucketAndName(target);
      if (method === 'GET' || method === 'HEAD') {
        const row = await findObject(pool, caller(), bucketId, name);
        return sendObject(store, row, req, res, url.searchParams);
      }
      if (method === 'POST' || method === 'PUT') {
        const result = await uploadObject(pool, store, caller(), req, {
          bucketId,
          name,
          upsert: method === 'POST' && req.headers['x-upsert'] === 'true',
          updateOnly: method === 'PUT',
          globalLimit,
        });
        return sendJson(res, 200, result);
      }
      if (method === 'DELETE') {
        const removed = await removeObjects(pool, store, caller(), bucketId, [name]);
        if (removed.length === 0) throw errors.noSuchKey();
        return sendJson(res, 200, { message: 'Successfully deleted' });
      }
    }
    throw errors.notFound();
  };

  const signedUrl = (bucketId: string, name: string, expiresIn: number): string => {
    const token = signJwt({ url: `${bucketId}/${name}`, iat: now(), exp: now() + Math.floor(expiresIn) }, secret);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  };

  const bucketExists = async (bucketId: string): Promise<boolean> => {
    const result = await pool.admin.query('select 1 from storage.buckets where id = $1', [bucketId]);
    return (result.rowCount ?? 0) > 0;
  };

  /** Signed upload URLs need insert permission now: try the insert as the caller, roll it back. */
  const checkCanInsert = async (who: Caller, bucketId: string, name: string, upsert: boolean): Promise<void> => {
    await asCaller(pool, who, {}, async (client) => {
      const existing = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
      if ((existing.rowCount ?? 0) > 0 && !upsert) throw errors.keyAlreadyExists();
      await client.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ($1, $2, $3, $4, '{}') on conflict (bucket_id, name) do nothing`,
        [bucketId, name, who.ownerUuid, who.sub ?? null],
      );
      throw new Rollback(undefined);
    });
  };

  return {
    async handle(req, res, rawPath) {
      try {
        await route(req, res, rawPath);
      } catch (error) {
        const storageError = error instanceof StorageError ? error : fromDatabaseError(error);
        if (storageError.statusCode >= 500) ctx.log(`[storage] ${req.method} ${rawPath}: ${String(error)}`);
        req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendError(res, storageError);
      }
    },
    async close() {
      // Nothing long-lived: files are written per request, the pool belongs to the context.
    },
  };
};
