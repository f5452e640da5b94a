import { describe, expect, it } from 'vitest';
import { pgErrorStatus } from './errors.ts';

describe('pgErrorStatus (PostgREST v14 SQLSTATE → HTTP table)', () => {
  it.each([
    ['42501', 'permission denied for table t', 'anon', 401],
    ['42501', 'permission denied for table t', 'authenticated', 403],
    ['21000', 'UPDATE requires a WHERE clause', 'anon', 400],
    ['21000', 'more than one row returned by a subquery used as an expression', 'anon', 500],
    ['22023', 'role "nobody" does not exist', 'anon', 401],
    ['22023', 'invalid parameter value', 'anon', 400],
    ['23505', 'duplicate key value violates unique constraint "t_pkey"', 'authenticated', 409],
    ['23503', 'insert or update on table "t" violates foreign key constraint', 'authenticated', 409],
    ['23514', 'new row for relation "t" violates check constraint', 'authenticated', 400],
    ['P0001', 'custom message', 'authenticated', 400],
    ['P0002', 'no data found', 'authenticated', 500],
    ['25006', 'cannot execute UPDATE in a read-only transaction', 'anon', 405],
    ['42883', 'function f() does not exist', 'anon', 404],
    ['42P01', 'relation "x" does not exist', 'anon', 404],
    ['08006', 'connection failure', 'anon', 503],
    ['53300', 'too many connections', 'anon', 503],
    ['57014', 'canceling statement due to statement timeout', 'anon', 500],
    ['PT402', 'payment required', 'anon', 402],
    // deviation from PostgREST (500): oversized request input is the client's fault.
    ['54000', 'word is too long (2048 bytes, max 2046 bytes)', 'anon', 400],
  ])('%s (%s) as %s → %i', (code, message, role, status) => {
    expect(pgErrorStatus(code, message, role)).toBe(status);
  });
});
