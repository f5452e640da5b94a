/**
 * `npm run bench:punch`: the time clock at shift start, against issue 13's targets.
 *
 * 1. 200 employees (each with PUNCH_CLOCK_ACCESS and consent to the active LGPD term) punch from 200
 *    clients over 10 s, all at one unit's authorized computer (the worst case: one NSR sequence).
 *    Target: every punch stored exactly once, gap-free NSR, zero errors, p95 register_punch ≤ 50 ms.
 * 2. get_my_monthly_timesheet for a month of 4 punches a day. Target: median ≤ 20 ms.
 *
 * Starts its own backend on the app's project (migrations and demo seed), prints figures and targets.
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, startBackend } from '../tests/utils/backend.ts';
import { accessTokenFor } from '../tests/utils/jwt.ts';
import { median, percentile, verdict } from './browser.ts';
import { recordAtMost, recordCheck, recordExactly } from './results.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 200);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000);
const TIMESHEET_RUNS = 50;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');


async function main(): Promise<void> {
  console.log('Starting a backend with the app project...');
  const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase') });
  const db = new pg.Client({ connectionString: backend.dbUrl });
  await db.connect();
  try {
    // Employees: auth users with the BALCONISTA role (PUNCH_CLOCK_ACCESS), consent to a fresh active term.
    const deviceToken = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    const setup = await db.query<{ user_id: string; unit_id: string; term_id: string }>(
      `with unit as (insert into public.store_units (name) values ('Loja Bench Ponto') returning id),
            term as (insert into public.versoes_termo_lgpd (versao, texto_termo, texto_sha256, ativo)
                     select 'bench', 'Termo de bench', '', true where not exists (select 1 from public.versoes_termo_lgpd where ativo)
                     returning id),
            active as (select id from term union all select id from public.versoes_termo_lgpd where ativo limit 1),
            computer as (insert into public.authorized_computers (name, unit_id, token_hash) select 'Bench', id, $2 from unit returning unit_id),
            users as (
              insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
              select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench-ponto-' || g || '@farmacia.test', '', now(),
                     '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', 'Funcionário ' || g), now(), now()
              from generate_series(1, $1::int) g
              returning id)
       select u.id as user_id, (select unit_id from computer) as unit_id, (select id from active limit 1) as term_id from users u`,
      [EMPLOYEES, sha256(deviceToken)],
    );
    const unitId = setup.rows[0]!.unit_id;
    const termId = setup.rows[0]!.term_id;
    const userIds = setup.rows.map((row) => row.user_id);
    await db.query(
      `insert into public.user_roles (user_id, role_id) select u, (select id from public.custom_roles where name = 'BALCONISTA') from unnest($1::uuid[]) u;
       `.trim(),
      [userIds],
    );
    await db.query(`insert into public.consentimentos_lgpd (funcionario_id, aceito, versao_termo_id) select u, true, $2 from unnest($1::uuid[]) u`, [userIds, termId]);

    // 1. Shift start: each employee punches once at a random moment of the window.
    console.log(`${EMPLOYEES} employees punching over ${WINDOW_MS / 1000} s...`);
    const latencies: number[] = [];
    let errors = 0;
    await Promise.all(
      userIds.map(async (userId) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * WINDOW_MS));
        const started = performance.now();
        const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/register_punch`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, authorization: `Bearer ${accessTokenFor(userId, backend.jwtSecret)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_device_token: deviceToken }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) errors += 1;
      }),
    );
    const stored = await db.query<{ punches: string; employees: string; min: string; max: string; distinct_nsr: string }>(
      `select count(*) as punches, count(distinct funcionario_id) as employees, min(nsr) as min, max(nsr) as max, count(distinct nsr) as distinct_nsr
         from public.pontos where unit_id = $1`,
      [unitId],
    );
    const s = stored.rows[0]!;
    const exactlyOnce = Number(s.punches) === EMPLOYEES && Number(s.employees) === EMPLOYEES;
    const gapFree = Number(s.min) === 1 && Number(s.max) === EMPLOYEES && Number(s.distinct_nsr) === EMPLOYEES;
    const p95 = percentile(latencies, 95);

    // 2. A month of 4 punches a day for one employee, then the timesheet.
    const someone = userIds[0]!;
    await db.query(
      `insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, receipt_hash)
       select $1, $2, 100000 + row_number() over (), t.kind, (d + t.at) at time zone 'America/Sao_Paulo', d::date, md5(random()::text)
         from generate_series(date_trunc('month', now() - interval '1 month'), date_trunc('month', now()) - interval '1 day', interval '1 day') d
         cross join (values ('ENTRADA', interval '8 hours'), ('SAIDA_INTERVALO', interval '12 hours'),
                            ('RETORNO_INTERVALO', interval '13 hours'), ('SAIDA_FINAL', interval '17 hours')) t(kind, at)`,
      [someone, unitId],
    );
    const month = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const timesheet: number[] = [];
    for (let run = 0; run < TIMESHEET_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/get_my_monthly_timesheet`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${accessTokenFor(someone, backend.jwtSecret)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_month: month }),
      });
      const rows = (await response.json()) as unknown[];
      timesheet.push(performance.now() - started);
      if (response.status !== 200 || rows.length < 28) errors += 1;
    }
    const timesheetMedian = median(timesheet);

    console.log('');
    console.log('Time clock at shift start');
    console.log(`  punches stored exactly once   ${s.punches}/${EMPLOYEES} by ${s.employees} employees   ${exactlyOnce ? 'PASS' : 'FAIL'}`);
    console.log(`  NSR gap-free                  ${s.min}..${s.max}, ${s.distinct_nsr} distinct   ${gapFree ? 'PASS' : 'FAIL'}`);
    console.log(`  errors                        ${errors}   target 0   ${errors === 0 ? 'PASS' : 'FAIL'}`);
    console.log(`  register_punch p95            ${p95.toFixed(1)} ms (median ${median(latencies).toFixed(1)} ms)   target ≤ 50 ms   ${verdict(p95, 50.0001)}`);
    console.log(`  get_my_monthly_timesheet      median ${timesheetMedian.toFixed(1)} ms (p95 ${percentile(timesheet, 95).toFixed(1)} ms)   target ≤ 20 ms   ${verdict(timesheetMedian, 20.0001)}`);
    const shift = `${EMPLOYEES} employees in ${WINDOW_MS / 1000} s`;
    recordCheck(`every punch stored exactly once (${shift})`, exactlyOnce, `${s.punches}/${EMPLOYEES} by ${s.employees} employees`);
    recordCheck('NSR gap-free at one unit', gapFree, `${s.min}..${s.max}, ${s.distinct_nsr} distinct`);
    recordExactly('register_punch and timesheet errors', errors, 0);
    recordAtMost(`register_punch p95 (${shift})`, p95, 50, 'ms', 1);
    recordAtMost('get_my_monthly_timesheet median (a month of 4 punches a day)', timesheetMedian, 20, 'ms', 1);
  } finally {
    await db.end();
    await backend.stop();
  }
}

await main();
