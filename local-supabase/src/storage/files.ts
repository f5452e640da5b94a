/**
 * Object bytes on disk: `<dataDir>/storage/<bucket>/<object id>/<version>`. A new
 * upload is first written to a temp file, renamed into place inside the database
 * transaction that creates its row, and removed again if that transaction fails, so
 * neither rows without files nor files without rows are left behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { errors } from './errors.ts';

export interface TempFile {
  path: string;
  size: number;
  /** Quoted MD5, as S3 / storage-api report it. */
  eTag: string;
}

export class FileStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
  }

  private objectDir(bucket: string, id: string): string {
    return path.join(this.root, encodeURIComponent(bucket), id);
  }

  objectPath(bucket: string, id: string, version: string): string {
    return path.join(this.objectDir(bucket, id), version);
  }

  /** Writes the stream or buffer to a temp file; refuses more than `limit` bytes. */
  async writeTemp(source: Readable | Buffer, limit: number): Promise<TempFile> {
    const tmp = path.join(this.tmpDir, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limit) {
          callback(errors.entityTooLarge());
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      if (Buffer.isBuffer(source)) {
        counter.end(source);
        await pipeline(counter, createWriteStream(tmp));
      } else {
        await pipeline(source, counter, createWriteStream(tmp));
      }
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { path: tmp, size, eTag: `"${hash.digest('hex')}"` };
  }

  async discard(file: TempFile): Promise<void> {
    await rm(file.path, { force: true });
  }

  async place(file: TempFile, bucket: string, id: string, version: string): Promise<void> {
    await mkdir(this.objectDir(bucket, id), { recursive: true });
    await rename(file.path, this.objectPath(bucket, id, version));
  }

  async removeVersion(bucket: string, id: string, version: string): Promise<void> {
    await rm(this.objectPath(bucket, id, version), { force: true });
  }

  async removeObject(bucket: string, id: string): Promise<void> {
    await rm(this.objectDir(bucket, id), { recursive: true, force: true });
  }

  async copy(fromBucket: string, fromId: string, fromVersion: string, toBucket: string, toId: string, toVersion: string): Promise<void> {
    await mkdir(this.objectDir(toBucket, toId), { recursive: true });
    await copyFile(this.objectPath(fromBucket, fromId, fromVersion), this.objectPath(toBucket, toId, toVersion));
  }

  async move(fromBucket: string, id: string, toBucket: string): Promise<void> {
    if (fromBucket === toBucket) return;
    await mkdir(path.join(this.root, encodeURIComponent(toBucket)), { recursive: true });
    await rename(this.objectDir(fromBucket, id), this.objectDir(toBucket, id));
  }

  openRange(bucket: string, id: string, version: string, start: number, end: number): ReadStream {
    return createReadStream(this.objectPath(bucket, id, version), { start, end });
  }

  async open(bucket: string, id: string, version: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.objectPath(bucket, id, version);
    try {
      const info = await stat(file);
      return { stream: createReadStream(file), size: info.size };
    } catch {
      return null;
    }
  }
}
