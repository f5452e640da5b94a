/**
 * Security review, finding S3: the local mailbox (every recovery, magic-link and
 * reauthentication mail, with working links and codes) answered with
 * `Access-Control-Allow-Origin: *` like the API, so any web page open in the
 * developer's browser could read it cross-origin from 127.0.0.1. Hosted has no
 * mailbox; the CLI's Mailpit sends no CORS headers. The API keeps its CORS.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../utils/app-users.ts';
import { anonClient, appBackend } from '../../utils/env.ts';

const app = appBackend();
const evilOrigin = 'https://evil.example';

describe('the mailbox is not readable cross-origin', () => {
  it('a mail exists to be stolen (the recovery mail of a demo user)', async () => {
    const { error } = await anonClient(app).auth.resetPasswordForEmail(DEMO_USERS.analista.email);
    expect(error).toBeNull();
    const response = await fetch(`${app.apiUrl}/mailbox/api/messages?to=${encodeURIComponent(DEMO_USERS.analista.email)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers reads from another origin without Access-Control-Allow-Origin', async () => {
    for (const path of ['/mailbox/api/messages', '/mailbox', '/mailbox/']) {
      const response = await fetch(`${app.apiUrl}${path}`, { headers: { Origin: evilOrigin } });
      await response.arrayBuffer();
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('grants no CORS preflight for the mailbox', async () => {
    const response = await fetch(`${app.apiUrl}/mailbox/api/messages`, {
      method: 'OPTIONS',
      headers: { Origin: evilOrigin, 'Access-Control-Request-Method': 'DELETE' },
    });
    await response.arrayBuffer();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the Data API still answers cross-origin requests with CORS headers', async () => {
    const response = await fetch(`${app.apiUrl}/rest/v1/`, { headers: { Origin: evilOrigin, apikey: app.anonKey } });
    await response.arrayBuffer();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
