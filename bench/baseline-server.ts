/**
 * The throughput baseline of `npm run bench:backend` (issue 30, item 7): the least a REST server over Postgres can do
 * for the bench's single-row GET. A plain node:http server answers GET /bench_products?id=<n> with the row as a JSON
 * array, straight from node-postgres (a pool of 10, a prepared statement), without authentication, roles,
 * transactions or a query grammar. Run as its own process (like the backend), so it does not share a thread with the
 * load generator: BASELINE_DB_URL=... BASELINE_PORT=... tsx bench/baseline-server.ts; prints 'listening' when ready.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.BASELINE_DB_URL, max: 10 });
const port = Number(process.env.BASELINE_PORT);

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || url.pathname !== '/bench_products') {
    response.writeHead(404).end();
    return;
  }
  pool
    .query({ name: 'bench-product', text: 'select id, name, price from public.bench_products where id = $1', values: [Number(url.searchParams.get('id'))] })
    .then(
      (result) => {
        const body = JSON.stringify(result.rows);
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
      },
      () => response.writeHead(500).end(),
    );
});

server.listen(port, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
