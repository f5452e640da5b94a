/**
 * The local mailbox: plays the role Inbucket/Mailpit plays in the Supabase CLI stack.
 * Every mail the backend "sends" is stored as one JSON file under <dataDir>/mailbox/,
 * so it survives restarts. Mounted at /mailbox:
 *   GET /mailbox                      HTML list (pt-BR), newest first
 *   GET /mailbox/<id>                 one message, its HTML body shown in a sandboxed iframe
 *   GET /mailbox/<id>/body            the raw HTML body (what the iframe loads)
 *   GET /mailbox/api/messages[?to=]   JSON list, newest first (used by tests and Playwright)
 *   GET /mailbox/api/messages/<id>    JSON of one message
 *   DELETE /mailbox/api/messages[?to=]  empties the mailbox (or one recipient's mails)
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { MailMessage, Mailbox, Service } from '../context.ts';

export interface StoredMail extends MailMessage {
  id: string;
  /** ISO 8601 timestamp of when the mail was sent. */
  createdAt: string;
  /** Absolute URLs found in the HTML body (href attributes), in order, each once. */
  links: string[];
}

const ID_PATTERN = /^[0-9]{13}-[0-9a-f-]{36}$/;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function decodeEntities(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href="([^"]*)"/g)) {
    const href = decodeEntities(match[1] ?? '');
    if (/^https?:\/\//.test(href) && !links.includes(href)) links.push(href);
  }
  return links;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

const PAGE_STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f4f6f8; color: #1f2933; }
  header { background: #0f766e; color: #fff; padding: 16px 24px; display: flex; align-items: center; justify-content: space-between; }
  header h1 { font-size: 20px; margin: 0; }
  header a { color: #fff; }
  main { max-width: 960px; margin: 24px auto; padding: 0 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  th, td { text-align: left; padding: 10px 14px; border-bottom: 1px solid #e5e7eb; font-size: 14px; }
  th { background: #f9fafb; font-weight: 600; }
  tr:hover td { background: #f0fdfa; }
  td a { color: #0f766e; text-decoration: none; font-weight: 500; }
  .empty { background: #fff; padding: 32px; text-align: center; border-radius: 8px; color: #6b7280; }
  .meta { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); font-size: 14px; }
  .meta dt { font-weight: 600; float: left; width: 90px; }
  .meta dd { margin: 0 0 6px 90px; }
  .links { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 16px; font-size: 13px; word-break: break-all; }
  iframe { width: 100%; height: 520px; border: 0; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  form { margin: 0; }
  button { background: #fff; color: #0f766e; border: 0; border-radius: 6px; padding: 6px 12px; cursor: pointer; font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body>${body}</body>
</html>`;
}

function send(res: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

export function createMailbox(dataDir: string): Mailbox & Service & { list(to?: string): Promise<StoredMail[]> } {
  const dir = join(dataDir, 'mailbox');
  mkdirSync(dir, { recursive: true });

  async function list(to?: string): Promise<StoredMail[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const ids = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter((id) => ID_PATTERN.test(id))
      .sort()
      .reverse();
    const mails: StoredMail[] = [];
    const wanted = to?.trim().toLowerCase();
    for (const id of ids) {
      const mail = await load(id);
      if (!mail) continue;
      if (wanted && mail.to.toLowerCase() !== wanted) continue;
      mails.push(mail);
    }
    return mails;
  }

  async function load(id: string): Promise<StoredMail | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch {
      return undefined;
    }
  }

  // Ids sort by creation time; the counter breaks ties within one millisecond.
  let lastMs = 0;
  async function sendMail(message: MailMessage): Promise<void> {
    let ms = Date.now();
    if (ms <= lastMs) ms = lastMs + 1;
    lastMs = ms;
    const id = `${String(ms).padStart(13, '0')}-${randomUUID()}`;
    const stored: StoredMail = {
      id,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      createdAt: new Date(ms).toISOString(),
      links: extractLinks(message.html),
    };
    const tmp = join(dir, `.${id}.tmp`);
    await writeFile(tmp, JSON.stringify(stored, null, 2));
    await rename(tmp, join(dir, `${id}.json`));
  }

  function listPage(mails: StoredMail[], to: string | undefined): string {
    const rows = mails
      .map(
        (m) => `<tr><td>${escapeHtml(dateFormat.format(new Date(m.createdAt)))}</td>
<td>${escapeHtml(m.to)}</td>
<td><a href="/mailbox/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('\n');
    const filter = to ? ` para ${escapeHtml(to)} — <a href="/mailbox">ver todas</a>` : '';
    const content = mails.length
      ? `<table><thead><tr><th>Recebida em</th><th>Para</th><th>Assunto</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<div class="empty">Nenhuma mensagem${to ? ' para este endereço' : ''} ainda.</div>`;
    return page(
      'Caixa de e-mails local',
      `<header><h1>Caixa de e-mails local</h1>
<form method="post" action="/mailbox/clear"><button type="submit">Apagar todas</button></form></header>
<main><p>${mails.length} mensage${mails.length === 1 ? 'm' : 'ns'}${filter}. Os e-mails enviados pelo ambiente local aparecem aqui.</p>${content}</main>`,
    );
  }

  function messagePage(m: StoredMail): string {
    const links = m.links.length
      ? `<div class="links"><strong>Links:</strong><ul>${m.links
          .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
          .join('')}</ul></div>`
      : '';
    return page(
      m.subject,
      `<header><h1>${escapeHtml(m.subject)}</h1><a href="/mailbox">← Voltar para a caixa</a></header>
<main><dl class="meta"><dt>Para</dt><dd>${escapeHtml(m.to)}</dd><dt>Assunto</dt><dd>${escapeHtml(m.subject)}</dd>
<dt>Recebida</dt><dd>${escapeHtml(dateFormat.format(new Date(m.createdAt)))}</dd></dl>${links}
<iframe sandbox="allow-popups allow-top-navigation-by-user-activation allow-popups-to-escape-sandbox" src="/mailbox/${escapeHtml(m.id)}/body" title="Conteúdo da mensagem"></iframe></main>`,
    );
  }

  async function clear(to?: string): Promise<number> {
    const mails = await list(to);
    for (const m of mails) await rm(join(dir, `${m.id}.json`), { force: true });
    return mails.length;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(path, 'http://mailbox.local');
    const to = url.searchParams.get('to') ?? undefined;
    const segments = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';

    if (segments[0] === 'api' && segments[1] === 'messages') {
      if (segments.length === 2 && method === 'GET') {
        send(res, 200, 'application/json', JSON.stringify(await list(to)));
        return;
      }
      if (segments.length === 2 && method === 'DELETE') {
        send(res, 200, 'application/json', JSON.stringify({ deleted: await clear(to) }));
        return;
      }
      if (segments.length === 3 && method === 'GET') {
        const mail = await load(segments[2] ?? '');
        if (mail) send(res, 200, 'application/json', JSON.stringify(mail));
        else send(res, 404, 'application/json', JSON.stringify({ message: 'Mensagem não encontrada' }));
        return;
      }
      send(res, 404, 'application/json', JSON.stringify({ message: 'Rota não encontrada' }));
      return;
    }
    if (segments.length === 1 && segments[0] === 'clear' && method === 'POST') {
      await clear();
      send(res, 303, 'text/plain; charset=utf-8', '', { Location: '/mailbox' });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      send(res, 405, 'text/plain; charset=utf-8', 'Método não permitido');
      return;
    }
    if (segments.length === 0) {
      send(res, 200, 'text/html; charset=utf-8', listPage(await list(to), to));
      return;
    }
    const mail = await load(segments[0] ?? '');
    if (!mail || segments.length > 2 || (segments.length === 2 && segments[1] !== 'body')) {
      send(res, 404, 'text/html; charset=utf-8', page('Não encontrada', '<main><div class="empty">Mensagem não encontrada. <a href="/mailbox">Voltar</a></div></main>'));
      return;
    }
    if (segments.length === 2) {
      // Our own generated HTML; the sandboxed iframe and this CSP keep any script out.
      // Links open in the mailbox's tab (the sandbox allows top navigation on a click), not inside the iframe.
      send(res, 200, 'text/html; charset=utf-8', mail.html.replace(/<a\s/gi, '<a target="_top" '), {
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'",
      });
      return;
    }
    send(res, 200, 'text/html; charset=utf-8', messagePage(mail));
  }

  return {
    send: sendMail,
    list,
    handle,
    async close() {},
  };
}
