// @vitest-environment node
/**
 * The top-level README opens with exactly the two commands a newcomer needs (issue: "The README opens with
 * exactly `npm install && npm start` and `npm test`"), before any title or prose.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with exactly npm install && npm start and npm test', () => {
    const opening: string[] = [];
    for (const line of readme.split('\n')) {
      const text = line.trim();
      if (text === '' || text.startsWith('```')) continue;
      if (!text.startsWith('npm ')) break;
      opening.push(text);
    }
    expect(opening).toEqual(['npm install && npm start', 'npm test']);
  });

  it('tells hosted-Supabase users to allow the password-reset redirect', () => {
    expect(readme).toContain('<site>/auth/reset-password');
    expect(readme).toMatch(/Site URL/);
  });
});
