/**
 * The local mailbox (Inbucket's role): JSON API, pt-BR HTML pages with escaped metadata,
 * persistence across a restart. Runs its own backend (tests/fixtures/rate-limited-project)
 * with a data dir it keeps across the restart.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, makeDataDir, startBackend, type StartedBackend } from '../../utils/backend.ts';
import type { Mail } from '../../utils/mailbox.ts';

const projectDir = path.join(REPO_ROOT, 'tests/fixtures/rate-limited-project/supabase');
let dataDir: string;
let backend: StartedBackend;


beforeAll(async () => {
  dataDir = await makeDataDir('auth-mailbox-');
  backend = await startBackend({ projectDir, dataDir });
});

afterAll(async () => {
  await backend?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function auth(pathname: string, body: unknown): Promise<Response> {
  return fetch(`${backend.apiUrl}/auth/v1${pathname}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', 'Sb-Forwarded-For': randomIp() },
    body: JSON.stringify(body),
  });
}

async function messages(query = ''): Promise<Mail[]> {
  const res = await fetch(`${backend.apiUrl}/mailbox/api/messages${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Mail[];
}

describe('mailbox', () => {
  const hostile = `<b>x</b>-${randomBytes(3).toString('hex')}@example.com`;
  const plain = `plain-${randomBytes(3).toString('hex')}@example.com`;

  it('stores mails newest first, filters by recipient, and escapes metadata in the HTML pages', async () => {
    for (const email of [hostile, plain]) {
      expect((await auth('/signup', { email, password: 'senha-segura-123' })).status).toBe(200);
    }
    expect((await auth('/recover?redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fauth%2Freset-password', { email: hostile })).status).toBe(200);
    expect((await auth('/recover', { email: plain })).status).toBe(200);

    const all = await messages();
    expect(all.map((m) => m.to)).toEqual([plain, hostile]);
    expect(Date.parse(all[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(all[1]!.createdAt));
    const mine = await messages(`?to=${encodeURIComponent(hostile.toUpperCase())}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Redefinição de senha');
    expect(mine[0]!.links[0]).toContain('redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fauth%2Freset-password');
    // The button and the copy-and-paste address are the same link: listed once.
    expect(mine[0]!.links).toEqual([...new Set(mine[0]!.links)]);

    const list = await fetch(`${backend.apiUrl}/mailbox`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    const listHtml = await list.text();
    expect(listHtml).toContain('lang="pt-BR"');
    expect(listHtml).toContain('Caixa de e-mails local');
    expect(listHtml).not.toContain('<b>x</b>');
    expect(listHtml).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(listHtml).toContain(`href="/mailbox/${mine[0]!.id}"`);

    const one = await fetch(`${backend.apiUrl}/mailbox/${mine[0]!.id}`);
    expect(one.status).toBe(200);
    const oneHtml = await one.text();
    expect(oneHtml).not.toContain('<b>x</b>');
    expect(oneHtml).toContain(`src="/mailbox/${mine[0]!.id}/body"`);
    // The verify link is clickable on the message page.
    expect(oneHtml).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=[0-9a-f]{56}&amp;type=recovery&amp;redirect_to=/);

    const body = await fetch(`${backend.apiUrl}/mailbox/${mine[0]!.id}/body`);
    expect(body.headers.get('content-security-policy')).toContain("default-src 'none'");
    const bodyHtml = await body.text();
    expect(bodyHtml).toContain('Redefinir senha');
    // A click on the mail's button opens the app in the tab, not inside the message frame.
    expect(bodyHtml).toMatch(/<a target="_top" [^>]*href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify/);
    expect(bodyHtml).not.toMatch(/<a (?!target="_top")/);

    expect((await fetch(`${backend.apiUrl}/mailbox/not-a-message`)).status).toBe(404);
    expect((await fetch(`${backend.apiUrl}/mailbox/api/messages/../../etc`)).status).toBe(404);
  });

  it('keeps the mails across a restart', async () => {
    const before = await messages();
    expect(before.length).toBeGreaterThanOrEqual(2);
    await backend.stop({ keepDataDir: true });
    backend = await startBackend({ projectDir, dataDir });
    const after = await messages();
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id));
    // The link still verifies after the restart (the harness picks new ports on each start; the
    // real backend keeps its port, so point the stored link at the new one).
    const stored = new URL(after.find((m) => m.to === hostile)!.links[0]!);
    const link = `${backend.apiUrl}${stored.pathname}${stored.search}`;
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/auth\/reset-password#access_token=/);
  });
});
