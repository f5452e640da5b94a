/**
 * /storage/v1 through storage-js (supabase-js) against the conformance fixture project:
 * bucket `docs` (private; each user owns the folder named after their uid),
 * `public-files` (public) and `limited` (16 bytes, text/plain and image/*).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import nodePath from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, conformanceBackend, serviceClient, sql, type BackendInfo } from '../../utils/env.ts';
import { signJwt } from '../../utils/jwt.ts';

/** A supabase-js client acting as user `sub` (an access token as GoTrue issues it). */
function userClientFor(info: BackendInfo, sub: string): SupabaseClient {
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 }, info.jwtSecret);
  return createClient(info.apiUrl, info.anonKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

const text = (value: string): Blob => new Blob([value], { type: 'text/plain' });

describe('storage: private bucket with per-user folders (RLS)', () => {
  let info: BackendInfo;
  let userA: string;
  let userB: string;
  let a: SupabaseClient;
  let b: SupabaseClient;

  beforeAll(async () => {
    info = conformanceBackend();
    userA = randomUUID();
    userB = randomUUID();
    a = userClientFor(info, userA);
    b = userClientFor(info, userB);
    const { error } = await a.storage.from('docs').upload(`${userA}/nota-fiscal.txt`, text('conteúdo de A'));
    expect(error).toBeNull();
  });

  it('lets the owner upload, list and download its file', async () => {
    const upload = await a.storage.from('docs').upload(`${userA}/pasta/relatorio.csv`, 'a;b\n1;2\n', { contentType: 'text/csv' });
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path: `${userA}/pasta/relatorio.csv`, fullPath: `docs/${userA}/pasta/relatorio.csv` });
    expect(upload.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await a.storage.from('docs').list(userA);
    expect(list.error).toBeNull();
    const entries = list.data?.map((entry) => ({ name: entry.name, folder: entry.id === null })) ?? [];
    expect(entries).toEqual([
      { name: 'nota-fiscal.txt', folder: false },
      { name: 'pasta', folder: true },
    ]);
    const file = list.data?.find((entry) => entry.name === 'nota-fiscal.txt');
    expect(file?.metadata).toMatchObject({ size: Buffer.byteLength('conteúdo de A'), mimetype: 'text/plain' });

    const download = await a.storage.from('docs').download(`${userA}/nota-fiscal.txt`);
    expect(download.error).toBeNull();
    expect(await download.data?.text()).toBe('conteúdo de A');

    const csv = await a.storage.from('docs').download(`${userA}/pasta/relatorio.csv`);
    expect(csv.data?.type).toBe('text/csv');
    expect(await csv.data?.text()).toBe('a;b\n1;2\n');
  });

  it('records owner / owner_id from the JWT sub, never from the client', async () => {
    const { data } = await a.storage.from('docs').upload(`${userA}/owner.txt`, text('x'), {
      metadata: { owner_id: userB, owner: userB },
    });
    const db = await sql(info);
    try {
      const row = await db.query('select owner::text, owner_id, user_metadata from storage.objects where id = $1', [data?.id]);
      expect(row.rows[0]).toEqual({ owner: userA, owner_id: userA, user_metadata: { owner_id: userB, owner: userB } });
    } finally {
      await db.end();
    }
  });

  it("hides A's file from user B: download, list, info, signed URL and remove all fail or see nothing", async () => {
    const download = await b.storage.from('docs').download(`${userA}/nota-fiscal.txt`);
    expect(download.data).toBeNull();
    expect(download.error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '404', message: 'Object not found' });

    const list = await b.storage.from('docs').list(userA);
    expect(list.error).toBeNull();
    expect(list.data).toEqual([]);

    const info404 = await b.storage.from('docs').info(`${userA}/nota-fiscal.txt`);
    expect(info404.error).toMatchObject({ statusCode: '404' });

    const signed = await b.storage.from('docs').createSignedUrl(`${userA}/nota-fiscal.txt`, 60);
    expect(signed.data).toBeNull();
    expect(signed.error).toMatchObject({ statusCode: '404' });

    const removed = await b.storage.from('docs').remove([`${userA}/nota-fiscal.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    // Still there for A.
    expect((await a.storage.from('docs').exists(`${userA}/nota-fiscal.txt`)).data).toBe(true);
  });

  it("refuses B's upload into A's folder with storage-api's RLS error, leaving no row and no file", async () => {
    const { data, error } = await b.storage.from('docs').upload(`${userA}/intruso.txt`, text('x'));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await a.storage.from('docs').exists(`${userA}/intruso.txt`)).data).toBe(false);
  });

  it('refuses anon on the private bucket', async () => {
    const anon = anonClient(info);
    const download = await anon.storage.from('docs').download(`${userA}/nota-fiscal.txt`);
    expect(download.error).toMatchObject({ statusCode: '404' });
    expect((await anon.storage.from('docs').list(userA)).data).toEqual([]);
    const upload = await anon.storage.from('docs').upload(`${userA}/anon.txt`, text('x'));
    expect(upload.error).toMatchObject({ statusCode: '403' });
    // The private bucket's public URL does not serve the object.
    const publicUrl = anon.storage.from('docs').getPublicUrl(`${userA}/nota-fiscal.txt`).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404' });
  });

  it('refuses a duplicate upload with 409 Duplicate, and replaces the file with upsert and update', async () => {
    const path = `${userA}/versao.txt`;
    expect((await a.storage.from('docs').upload(path, text('v1'))).error).toBeNull();
    const duplicate = await a.storage.from('docs').upload(path, text('v2'));
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('v1');

    const upsert = await a.storage.from('docs').upload(path, text('v2'), { upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('v2');

    const update = await a.storage.from('docs').update(path, Buffer.from('v3'), { contentType: 'text/plain' });
    expect(update.error).toBeNull();
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('v3');

    const missing = await a.storage.from('docs').update(`${userA}/nao-existe.txt`, text('x'));
    expect(missing.error).toMatchObject({ statusCode: '404' });

    // B cannot overwrite A's file with upsert either.
    const hijack = await b.storage.from('docs').upload(path, text('B'), { upsert: true });
    expect(hijack.error).toMatchObject({ statusCode: '403' });
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('v3');
  });

  it('removes files: the owner gets the deleted objects back, then they are gone', async () => {
    const path = `${userA}/apagar.txt`;
    await a.storage.from('docs').upload(path, text('tchau'));
    const removed = await a.storage.from('docs').remove([path, `${userA}/nunca-existiu.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((object) => object.name)).toEqual([path]);
    expect((await a.storage.from('docs').download(path)).error).toMatchObject({ statusCode: '404' });
    // Uploading the same path again works (no stale row).
    expect((await a.storage.from('docs').upload(path, text('de novo'))).error).toBeNull();
  });

  it('moves and copies within the owner folder, and reports info', async () => {
    await a.storage.from('docs').upload(`${userA}/origem.txt`, text('mover'), { metadata: { tag: 'x' } });
    expect((await a.storage.from('docs').move(`${userA}/origem.txt`, `${userA}/destino.txt`)).error).toBeNull();
    expect((await a.storage.from('docs').download(`${userA}/origem.txt`)).error).toMatchObject({ statusCode: '404' });
    expect(await (await a.storage.from('docs').download(`${userA}/destino.txt`)).data?.text()).toBe('mover');

    const copy = await a.storage.from('docs').copy(`${userA}/destino.txt`, `${userA}/copia.txt`);
    expect(copy.error).toBeNull();
    expect(await (await a.storage.from('docs').download(`${userA}/copia.txt`)).data?.text()).toBe('mover');

    const details = await a.storage.from('docs').info(`${userA}/copia.txt`);
    expect(details.error).toBeNull();
    expect(details.data).toMatchObject({ name: `${userA}/copia.txt`, size: 5, contentType: 'text/plain', metadata: { tag: 'x' } });

    // Moving into someone else's folder violates the update policy's WITH CHECK.
    const escape = await a.storage.from('docs').move(`${userA}/copia.txt`, `${userB}/roubado.txt`);
    expect(escape.error).toMatchObject({ statusCode: '403' });
  });
});

describe('storage: public bucket, signed URLs, limits, buckets', () => {
  let info: BackendInfo;
  let userA: string;
  let a: SupabaseClient;
  beforeAll(() => {
    info = conformanceBackend();
    userA = randomUUID();
    a = userClientFor(info, userA);
  });

  it('serves public-bucket files at the public URL without any header', async () => {
    const path = `catalogo/${userA}.txt`;
    expect((await a.storage.from('public-files').upload(path, text('público'))).error).toBeNull();
    const publicUrl = anonClient(info).storage.from('public-files').getPublicUrl(path).data.publicUrl;
    expect(publicUrl).toBe(`${info.apiUrl}/storage/v1/object/public/public-files/${path}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('público');
    const missing = await fetch(`${info.apiUrl}/storage/v1/object/public/public-files/catalogo/nada.txt`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('signs URLs that serve the file without auth, and refuses tampered, foreign and expired tokens', async () => {
    const path = `${userA}/assinado.txt`;
    await a.storage.from('docs').upload(path, text('segredo'));
    const signed = await a.storage.from('docs').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const url = signed.data?.signedUrl ?? '';
    expect(url).toMatch(new RegExp(`^${info.apiUrl}/storage/v1/object/sign/docs/${path}\\?token=`));
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('segredo');

    const bad = await fetch(url.replace(/token=.*/, 'token=abc.def.ghi'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });

    // A token for one object does not open another.
    await a.storage.from('docs').upload(`${userA}/outro.txt`, text('outro'));
    const other = await fetch(url.replace('assinado.txt', 'outro.txt'));
    expect(other.status).toBe(400);

    const expired = await a.storage.from('docs').createSignedUrl(path, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(expired.data?.signedUrl ?? '');
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: 'jwt expired' });

    const batch = await a.storage.from('docs').createSignedUrls([path, `${userA}/nada.txt`], 60);
    expect(batch.error).toBeNull();
    expect(batch.data?.[0]?.error).toBeNull();
    expect(batch.data?.[1]).toMatchObject({ signedUrl: null, path: `${userA}/nada.txt` });
    expect(await (await fetch(batch.data?.[0]?.signedUrl ?? '')).text()).toBe('segredo');
  });

  it('creates signed upload URLs only where the caller may insert, and uploads through them', async () => {
    const path = `${userA}/via-url.txt`;
    const created = await a.storage.from('docs').createSignedUploadUrl(path);
    expect(created.error).toBeNull();
    const uploaded = await anonClient(info).storage.from('docs').uploadToSignedUrl(path, created.data?.token ?? '', text('enviado'));
    expect(uploaded.error).toBeNull();
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('enviado');

    const other = userClientFor(info, randomUUID());
    const refused = await other.storage.from('docs').createSignedUploadUrl(`${userA}/nao.txt`);
    expect(refused.error).toMatchObject({ statusCode: '403' });
  });

  it("enforces the bucket's file_size_limit and allowed_mime_types", async () => {
    const tooBig = await a.storage.from('limited').upload(`${userA}/grande.txt`, text('x'.repeat(17)));
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const wrongType = await a.storage.from('limited').upload(`${userA}/dados.json`, '{}', { contentType: 'application/json' });
    expect(wrongType.error).toMatchObject({ statusCode: '415' });
    const image = await a.storage.from('limited').upload(`${userA}/foto.png`, Buffer.from([137, 80, 78, 71]), {
      contentType: 'image/png',
    });
    expect(image.error).toBeNull();
    expect((await a.storage.from('limited').upload(`${userA}/ok.txt`, text('x'.repeat(16)))).error).toBeNull();
  });

  it('applies RLS to buckets: users list them, anon sees none, only service_role creates and deletes', async () => {
    const listed = await a.storage.listBuckets();
    expect(listed.error).toBeNull();
    expect(listed.data?.map((bucket) => bucket.id)).toEqual(expect.arrayContaining(['docs', 'public-files', 'limited']));
    const docs = listed.data?.find((bucket) => bucket.id === 'docs');
    expect(docs).toMatchObject({ name: 'docs', public: false });
    expect((await anonClient(info).storage.listBuckets()).data).toEqual([]);

    const denied = await a.storage.createBucket(`bucket-${userA.slice(0, 8)}`);
    expect(denied.error).toMatchObject({ statusCode: '403' });

    const service = serviceClient(info);
    const id = `tmp-${userA.slice(0, 8)}`;
    const created = await service.storage.createBucket(id, { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain'] });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: id });
    const again = await service.storage.createBucket(id);
    expect(again.error).toMatchObject({ statusCode: '409' });
    const fetched = await service.storage.getBucket(id);
    expect(fetched.data).toMatchObject({ id, public: true, file_size_limit: 1_000_000, allowed_mime_types: ['text/plain'] });
    expect((await service.storage.updateBucket(id, { public: false })).error).toBeNull();
    expect((await service.storage.getBucket(id)).data?.public).toBe(false);

    await service.storage.from(id).upload('x.txt', text('x'));
    const notEmpty = await service.storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket(id)).error).toBeNull();
    expect((await service.storage.deleteBucket(id)).error).toBeNull();
    expect((await service.storage.getBucket(id)).error).toMatchObject({ statusCode: '404' });
  });

  it('handles names with spaces and accents in uploads, listing, downloads and signed URLs', async () => {
    const path = `${userA}/relatórios de março/balanço final.txt`;
    expect((await a.storage.from('docs').upload(path, text('ação'))).error).toBeNull();
    const list = await a.storage.from('docs').list(`${userA}/relatórios de março`);
    expect(list.data?.map((entry) => entry.name)).toEqual(['balanço final.txt']);
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toBe('ação');
    const signed = await a.storage.from('docs').createSignedUrl(path, 60);
    const response = await fetch(signed.data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ação');
  });

  it('serves byte ranges', async () => {
    const path = `${userA}/range.txt`;
    await a.storage.from('docs').upload(path, text('0123456789'));
    const signed = await a.storage.from('docs').createSignedUrl(path, 60);
    const partial = await fetch(signed.data?.signedUrl ?? '', { headers: { range: 'bytes=2-5' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await partial.text()).toBe('2345');
  });

  it('lets exactly one of many parallel uploads to the same path win, refusing the rest with 409', async () => {
    const path = `${userA}/corrida.txt`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => a.storage.from('docs').upload(path, text(`tentativa ${i}`))),
    );
    const winners = results.filter((result) => result.error === null);
    expect(winners).toHaveLength(1);
    for (const result of results.filter((r) => r.error !== null)) {
      expect(result.error).toMatchObject({ statusCode: '409' });
    }
    const upserts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => a.storage.from('docs').upload(path, text(`upsert ${i}`), { upsert: true })),
    );
    expect(upserts.every((result) => result.error === null)).toBe(true);
    expect(await (await a.storage.from('docs').download(path)).data?.text()).toMatch(/^upsert \d$/);
  });

  it('keeps service_role above RLS: it reads any user file', async () => {
    const path = `${userA}/servico.txt`;
    await a.storage.from('docs').upload(path, text('visto pelo serviço'));
    const download = await serviceClient(info).storage.from('docs').download(path);
    expect(await download.data?.text()).toBe('visto pelo serviço');
  });
});

describe('storage: consistency of files and rows', () => {
  let info: BackendInfo;
  beforeAll(() => {
    info = conformanceBackend();
  });

  it('leaves no row behind when an upload is refused, and no file behind when a row is deleted', async () => {
    const user = randomUUID();
    const client = userClientFor(info, user);
    const db = await sql(info);
    try {
      await client.storage.from('limited').upload(`${user}/grande.txt`, text('x'.repeat(100)));
      const rows = await db.query("select count(*)::int as n from storage.objects where name like $1 || '/%'", [user]);
      expect(rows.rows[0]).toEqual({ n: 0 });

      const { data } = await client.storage.from('docs').upload(`${user}/f.txt`, text('f'));
      const objectDir = nodePath.join(info.dataDir, 'storage', 'docs', data?.id ?? 'missing');
      expect(existsSync(objectDir)).toBe(true);
      await client.storage.from('docs').remove([`${user}/f.txt`]);
      expect(existsSync(objectDir)).toBe(false);
      // Recreating the path yields a fresh object id whose bytes are the new ones.
      const again = await client.storage.from('docs').upload(`${user}/f.txt`, text('g'));
      expect(again.data?.id).not.toBe(data?.id);
      expect(await (await client.storage.from('docs').download(`${user}/f.txt`)).data?.text()).toBe('g');
    } finally {
      await db.end();
    }
  });
});

describe('storage: signed upload URLs are authorized when signed, and triggers bind every path (as storage-api)', () => {
  // storage-api (src/storage/object.ts signUploadObjectUrl) probes the insert — or, for an upsert
  // URL, the upsert — as the caller when the URL is made; PUT …/upload/sign/… then writes as its
  // superuser (routes/object/uploadSignedObject.ts: storage.asSuperUser().uploadFromRequest), so
  // RLS is not asked again, while triggers on storage.objects run for every role.
  let info: BackendInfo;
  let user: string;
  let client: SupabaseClient;
  beforeAll(() => {
    info = conformanceBackend();
    user = randomUUID();
    client = userClientFor(info, user);
  });

  async function setGate(open: boolean, frozen: boolean): Promise<void> {
    const db = await sql(info);
    try {
      await db.query('update public.storage_gate set open = $1, frozen = $2 where id = 1', [open, frozen]);
    } finally {
      await db.end();
    }
  }

  async function objectCount(path: string): Promise<number> {
    const db = await sql(info);
    try {
      return (await db.query<{ n: number }>("select count(*)::int as n from storage.objects where bucket_id = 'gated' and name = $1", [path])).rows[0]!.n;
    } finally {
      await db.end();
    }
  }

  it('uploads through a URL signed while the insert policy allowed it, even after the policy closes', async () => {
    const path = `${user}/depois-de-fechar.txt`;
    await setGate(true, false);
    const created = await client.storage.from('gated').createSignedUploadUrl(path);
    expect(created.error).toBeNull();
    try {
      await setGate(false, false);
      // A direct upload now fails the policy…
      const direct = await client.storage.from('gated').upload(`${user}/direto.txt`, text('direto'));
      expect(direct.error).toMatchObject({ statusCode: '403' });
      // …but the URL signed before still writes (hosted behaves the same: no second RLS check).
      const uploaded = await anonClient(info).storage.from('gated').uploadToSignedUrl(path, created.data?.token ?? '', text('passou'));
      expect(uploaded.error).toBeNull();
      expect(await objectCount(path)).toBe(1);
    } finally {
      await setGate(true, false);
    }
  });

  it('refuses a signed upload and a signed upsert when a trigger on storage.objects says no, changing nothing', async () => {
    const path = `${user}/congelado.txt`;
    const fresh = await client.storage.from('gated').createSignedUploadUrl(path);
    expect(fresh.error).toBeNull();
    const replacing = `${user}/substituir.txt`;
    expect((await client.storage.from('gated').upload(replacing, text('original'))).error).toBeNull();
    const upsert = await client.storage.from('gated').createSignedUploadUrl(replacing, { upsert: true });
    expect(upsert.error).toBeNull();
    await setGate(true, true);
    try {
      const added = await anonClient(info).storage.from('gated').uploadToSignedUrl(path, fresh.data?.token ?? '', text('novo'));
      expect(added.error).toMatchObject({ statusCode: '403', message: 'Pasta congelada: nenhum arquivo entra, muda ou sai' });
      expect(await objectCount(path)).toBe(0);
      const replaced = await anonClient(info).storage.from('gated').uploadToSignedUrl(replacing, upsert.data?.token ?? '', text('trocado'));
      expect(replaced.error).toMatchObject({ statusCode: '403' });
      const removed = await client.storage.from('gated').remove([replacing]);
      expect(removed.error).toMatchObject({ statusCode: '403' });
    } finally {
      await setGate(true, false);
    }
    expect(await (await client.storage.from('gated').download(replacing)).data?.text()).toBe('original');
  });
});

describe('storage: served files carry their declared type, never sniffed or rendered (as storage-api)', () => {
  let info: BackendInfo;
  let userA: string;
  let a: SupabaseClient;
  beforeAll(() => {
    info = conformanceBackend();
    userA = randomUUID();
    a = userClientFor(info, userA);
  });

  const page = '<!doctype html><script>alert(document.cookie)</script>';

  it('serves an HTML page uploaded as image/png as image/png with nosniff, and text/html as text/plain', async () => {
    const fake = `${userA}/foto.png`;
    expect((await a.storage.from('docs').upload(fake, new Blob([page], { type: 'image/png' }))).error).toBeNull();
    const signed = await a.storage.from('docs').createSignedUrl(fake, 60);
    const response = await fetch(signed.data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-robots-tag')).toBe('none');
    expect(response.headers.get('content-disposition')).toBeNull();

    const html = `${userA}/pagina.html`;
    expect((await a.storage.from('docs').upload(html, new Blob([page], { type: 'text/html' }))).error).toBeNull();
    const asText = await fetch((await a.storage.from('docs').createSignedUrl(html, 60)).data?.signedUrl ?? '');
    expect(asText.headers.get('content-type')).toBe('text/plain');
    expect(asText.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await asText.text()).toBe(page);
  });

  it('names a download as storage-api does: percent-encoded, no header injection', async () => {
    const path = `${userA}/nota.pdf`;
    expect((await a.storage.from('docs').upload(path, new Blob(['%PDF-1.4'], { type: 'application/pdf' }))).error).toBeNull();
    const name = 'boleto "x";\r\nSet-Cookie: a=b.pdf';
    const signed = await a.storage.from('docs').createSignedUrl(path, 60);
    const response = await fetch(`${signed.data?.signedUrl ?? ''}&download=${encodeURIComponent(name)}`);
    expect(response.status).toBe(200);
    const encoded = encodeURIComponent(name);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${encoded}; filename*=UTF-8''${encoded}`);
    expect(response.headers.get('set-cookie')).toBeNull();
    const unnamed = await a.storage.from('docs').createSignedUrl(path, 60, { download: true });
    expect((await fetch(unnamed.data?.signedUrl ?? '')).headers.get('content-disposition')).toBe('attachment;');
  });
});
