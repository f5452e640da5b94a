/**
 * storage-api's error shape: `{statusCode, code, error, message}` where statusCode is
 * the logical status as a string, sent with HTTP 400 (500 for internal errors), which
 * is what storage-js turns into StorageApiError.
 */
import type { ServerResponse } from 'node:http';

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  notFound: (message = 'Route not found') => new StorageError(404, 'NotFound', 'Not Found', message),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', 'Internal', message),
};

/** Maps a PostgreSQL error raised while acting as the caller to storage-api's answer. */
export function fromDatabaseError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const pgError = error as { code?: unknown; message?: unknown; constraint?: unknown };
  const message = typeof pgError.message === 'string' ? pgError.message : String(error);
  switch (pgError.code) {
    case '42501':
      return errors.accessDenied(
        message.startsWith('new row violates row-level security policy')
          ? 'new row violates row-level security policy'
          : message,
      );
    case '23505':
      return pgError.constraint === 'buckets_pkey' || pgError.constraint === 'bname'
        ? errors.bucketAlreadyExists()
        : errors.keyAlreadyExists();
    case '23503':
      return errors.noSuchBucket();
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out');
    default:
      return errors.internal(message);
  }
}

export function sendError(res: ServerResponse, error: StorageError): void {
  const body = JSON.stringify(error.render());
  res.writeHead(error.statusCode >= 500 ? (error.statusCode === 544 ? 544 : 500) : 400, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
