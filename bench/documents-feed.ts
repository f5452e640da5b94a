/**
 * The documents feed at a chain's scale (issue 27): `npx tsx bench/documents-feed.ts`.
 *
 * Data (generated in SQL): 10,000 documents over two years, with varied audiences (everyone, one or two
 * units, some roles, roles inside units), demands (none, required reading, action per unit), validity
 * (current, expired, archived) and bodies of 1 to 3 KB; read receipts and acknowledgements of the demo
 * staff on most of them, and unit actions on half of the recalls.
 *
 * Target, printed with the figures: each call ≤ 300 ms (median and p95 shown), over HTTP as the screen asks it:
 *   - list_documents, first page (TODOS), a search ('dipirona'), the PENDENTES filter;
 *   - get_document of a document in the feed;
 * as a clerk (Bruno: Centro and Norte, audience rules apply) and as a publisher (Fernando, MANAGE_DOCUMENTS:
 * sees every document; also the GERENCIAR list).
 *
 * Starts its own backend on the app's project (migrations and demo seed).
 */
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, startBackend } from '../tests/utils/backend.ts';
import { accessTokenFor } from '../tests/utils/jwt.ts';
import { median, percentile, verdict } from './browser.ts';
import { recordAtMost, recordExactly } from './results.ts';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_MS = 300;


async function main(): Promise<void> {
  console.log('Starting a backend with the app project...');
  const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase') });
  const db = new pg.Client({ connectionString: backend.dbUrl });
  await db.connect();
  try {
    const idOf = async (email: string) => (await db.query<{ id: string }>('select id from auth.users where email = $1', [email])).rows[0]!.id;
    const clerkId = await idOf('balconista@farmacia.local');
    const publisherId = await idOf('farmaceutico@farmacia.local');
    const adminId = await idOf('admin@farmacia.local');

    console.log(`Generating ${DOCUMENTS.toLocaleString('pt-BR')} documents with receipts and actions...`);
    const started = performance.now();
    await db.query(
      `with units as (select array_agg(id order by name) as ids from public.store_units),
            topics as (select array['dipirona', 'termolábeis', 'fechamento do caixa', 'estoque', 'vacinas', 'receitas controladas', 'protetor solar', 'antibióticos'] as t),
            roles as (select array['BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA', 'ADMIN_COMPRAS'] as r),
            today as (select private.documents_today() as d)
       insert into public.documents (title, body, category, demand, due_date, audience_all, audience_unit_ids, audience_roles,
                                     valid_from, valid_until, allow_replies, created_by, created_at, archived_at)
       select 'Comunicado ' || g || ': ' || topics.t[1 + g % 8],
              '## ' || topics.t[1 + g % 8] || E'\n\n' || 'Orientação número ' || g || ' sobre ' || topics.t[1 + g % 8] || E'.\n\n'
                || repeat('As unidades devem seguir o procedimento descrito, registrar o que foi feito e avisar a administração. ', 10 + g % 20),
              (array['COMUNICADO', 'PROCEDIMENTO', 'PRECO', 'RECALL', 'REGULATORIO'])[1 + g % 5],
              x.demand,
              case when x.demand <> 'NENHUMA' then x.valid_from + (g % 20) end,
              g % 10 < 4,
              case when g % 10 between 4 and 6 or g % 10 = 9 then array[units.ids[1 + g % 3]] || case when g % 2 = 0 then array[units.ids[1 + (g + 1) % 3]] else '{}' end else '{}' end,
              case when g % 10 between 7 and 9 then array[roles.r[1 + g % 5]] || case when g % 3 = 0 then array[roles.r[1 + (g + 2) % 5]] else '{}' end else '{}' end,
              x.valid_from,
              case when g % 17 = 0 then x.valid_from + 30 end,
              g % 4 = 0,
              $2::uuid,
              now() - (($1::int - g) * interval '100 minutes'),
              case when g % 23 = 0 then now() end
       from generate_series(1, $1::int) g
       cross join units cross join topics cross join roles cross join today
       cross join lateral (select case when g % 10 < 7 then 'NENHUMA' when g % 10 < 9 then 'LEITURA' else 'ACAO' end as demand,
                                  today.d - (($1::int - g) / 14) as valid_from) x`,
      [DOCUMENTS, adminId],
    );
    await db.query(
      `insert into public.document_versions (document_id, version, title, body, content_hash, material, created_by, created_at)
       select id, 1, title, body, content_hash, true, created_by, created_at from public.documents where title like 'Comunicado %'`,
    );
    // Receipts: each demo staff member read about 60% of what they may see, and acknowledged half of the readings.
    await db.query(
      `insert into public.document_reads (document_id, user_id, version, kind, content_hash, recorded_at)
       select d.id, u.id, 1, k.kind, d.content_hash, d.created_at + interval '1 hour'
       from public.documents d
       cross join (select ur.user_id as id, private.role_name_of(ur.user_id) as role,
                          array(select private.user_unit_ids(ur.user_id)) as units
                   from public.user_roles ur where private.role_name_of(ur.user_id) <> 'REPRESENTANTE') u
       cross join (values ('LEITURA'), ('CIENCIA')) k(kind)
       where d.title like 'Comunicado %'
         and private.audience_matches(d.audience_all, d.audience_unit_ids, d.audience_roles, u.role, u.units)
         and abs(hashtext(d.id::text || u.id::text)) % 10 < 6
         and (k.kind = 'LEITURA' or (d.demand <> 'NENHUMA' and abs(hashtext(u.id::text || d.id::text)) % 2 = 0))`,
    );
    await db.query(
      `insert into public.document_actions (document_id, version, unit_id, lot, quantity, responsible_name, confirmed_by, confirmed_at)
       select d.id, 1, su.id, 'LT' || abs(hashtext(d.id::text)) % 10000, 1 + abs(hashtext(su.id::text || d.id::text)) % 40, 'Bruno Balconista', $1, d.created_at + interval '2 hours'
       from public.documents d join public.store_units su on cardinality(d.audience_unit_ids) = 0 or su.id = any (d.audience_unit_ids)
       where d.title like 'Comunicado %' and d.demand = 'ACAO' and abs(hashtext(d.id::text || su.id::text)) % 2 = 0`,
      [clerkId],
    );
    await db.query('analyze');
    const counts = (await db.query<{ docs: string; reads: string; actions: string }>(
      `select (select count(*) from public.documents) as docs, (select count(*) from public.document_reads) as reads,
              (select count(*) from public.document_actions) as actions`,
    )).rows[0]!;
    console.log(
      `  ${Number(counts.docs).toLocaleString('pt-BR')} documents, ${Number(counts.reads).toLocaleString('pt-BR')} receipts, ${Number(counts.actions).toLocaleString('pt-BR')} actions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    let errors = 0;
    const rpc = async (name: string, body: Record<string, unknown>, token: string): Promise<{ ms: number; status: number; body: unknown }> => {
      const t0 = performance.now();
      const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const parsed: unknown = await response.json();
      const ms = performance.now() - t0;
      if (response.status !== 200) {
        errors += 1;
        if (errors <= 3) console.log(`  ${name} answered`, response.status, JSON.stringify(parsed).slice(0, 300));
      }
      return { ms, status: response.status, body: parsed };
    };

    const rows: { label: string; times: number[]; note: string }[] = [];
    const measure = async (label: string, name: string, args: (run: number) => Record<string, unknown>, token: string): Promise<unknown> => {
      const times: number[] = [];
      let last: unknown = null;
      for (let run = 0; run < RUNS; run++) {
        const result = await rpc(name, args(run), token);
        times.push(result.ms);
        last = result.body;
      }
      const page = last as { total?: number; pending?: number } | null;
      rows.push({ label, times, note: page && typeof page.total === 'number' ? `${page.total.toLocaleString('pt-BR')} found, ${page.pending ?? 0} pending` : '' });
      return last;
    };

    for (const [who, userId] of [['clerk', clerkId], ['publisher', publisherId]] as const) {
      const token = accessTokenFor(userId, backend.jwtSecret);
      // Warm-up, as a signed-in page has made calls before.
      await rpc('count_pending_documents', {}, token);
      const first = (await measure(`${who}: feed, first page`, 'list_documents', () => ({ p_filter: 'TODOS', p_limit: 20, p_offset: 0 }), token)) as { items: { id: string }[] };
      await measure(`${who}: feed, search 'dipirona'`, 'list_documents', () => ({ p_search: 'dipirona', p_filter: 'TODOS', p_limit: 20 }), token);
      await measure(`${who}: feed, PENDENTES`, 'list_documents', () => ({ p_filter: 'PENDENTES', p_limit: 20 }), token);
      await measure(`${who}: feed, page 10`, 'list_documents', () => ({ p_filter: 'TODOS', p_limit: 20, p_offset: 180 }), token);
      if (who === 'publisher') await measure(`${who}: GERENCIAR, first page`, 'list_documents', () => ({ p_filter: 'GERENCIAR', p_limit: 20 }), token);
      const ids = first.items.map((d) => d.id);
      await measure(`${who}: get_document`, 'get_document', (run) => ({ p_id: ids[run % ids.length] }), token);
      await measure(`${who}: count_pending_documents`, 'count_pending_documents', () => ({}), token);
    }

    console.log('');
    console.log(`Documents feed (${Number(counts.docs).toLocaleString('pt-BR')} documents, ${RUNS} runs each, over HTTP)`);
    console.log(`  errors                                   ${errors}   target 0   ${errors === 0 ? 'PASS' : 'FAIL'}`);
    recordExactly(`RPC errors (${Number(counts.docs).toLocaleString('en')} documents, all calls)`, errors, 0);
    for (const row of rows) {
      const p95 = percentile(row.times, 95);
      console.log(
        `  ${row.label.padEnd(40)} median ${median(row.times).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms   target ≤ ${TARGET_MS} ms   ${verdict(p95, TARGET_MS + 0.0001)}${row.note ? `   (${row.note})` : ''}`,
      );
      recordAtMost(`${row.label}, p95`, p95, TARGET_MS, 'ms', 1);
    }
  } finally {
    await db.end();
    await backend.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
