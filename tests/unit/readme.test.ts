// @vitest-environment node
/**
 * The top-level README starts like one: a title and a two-line summary, then exactly the two commands a newcomer
 * needs (`npm install && npm start`, `npm test`), then the rest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with a title and a two-line summary, then exactly npm install && npm start and npm test', () => {
    const lines = readme.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    const firstCode = lines.findIndex((line) => line.startsWith('```'));
    const summary = lines.slice(1, firstCode).filter((line) => line.trim() !== '');
    expect(summary).toHaveLength(2);
    const opening: string[] = [];
    for (const line of lines.slice(firstCode)) {
      const text = line.trim();
      if (text === '' || text.startsWith('```')) continue;
      if (!text.startsWith('npm ')) break;
      opening.push(text);
    }
    expect(opening).toEqual(['npm install && npm start', 'npm test']);
  });

  it('says where things run, how to start over and where a new user begins', () => {
    for (const text of ['5173', '54321', '.local-supabase/', 'Reset the demo data', 'A first tour', 'Autorizar este computador', 'farmaceutico@farmacia.local']) {
      expect(readme).toContain(text);
    }
    expect(readme.indexOf('A first tour')).toBeLessThan(readme.indexOf('Deliberate deviations'));
  });

  it('tells hosted-Supabase users to allow the password-reset redirect', () => {
    expect(readme).toContain('<site>/auth/reset-password');
    expect(readme).toMatch(/Site URL/);
  });
});
