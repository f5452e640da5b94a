/**
 * supabase/schema-dump.txt is the committed, readable picture of what the migrations
 * define (npm run db:dump-schema). It must be what the live local database actually
 * has: a migration added without regenerating the dump, or a dump edited by hand, fails
 * here. The live dump is taken in global-setup.ts, before tests add fixtures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SCHEMA_DUMP_HEADER } from '../../../scripts/lib/schema-dump.ts';
import { REPO_ROOT } from '../../utils/backend.ts';

describe('the committed schema dump', () => {
  it('matches the live database (run npm run db:dump-schema after changing a migration)', () => {
    const committed = readFileSync(path.join(REPO_ROOT, 'supabase', 'schema-dump.txt'), 'utf8');
    expect(committed.startsWith(SCHEMA_DUMP_HEADER)).toBe(true);
    // Compared line by line so a failure shows the differing definitions, not two 3,000-line strings.
    expect(inject('liveSchemaDump').split('\n')).toEqual(committed.slice(SCHEMA_DUMP_HEADER.length).split('\n'));
  });
});
