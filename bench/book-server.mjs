// A synthetic book (core/domain/reconcile/synthetic-book.ts, from the bundled reconcile module) served on
// the API's routes that `edshed invoices reconcile` reads (cli/commands/invoices/reconcile-book.ts): the
// invoice list by state, schools, districts and subscriptions, each in the sandbox's envelope, order and
// paging (`{ invoices, total }`, skip and take up to 1,000). For bench/reconcile-scaling and
// bench/direct-check (through bench/reconcile-cli-runs.mjs), so the CLI reconciles against the books of
// reconcile-scaling's cells. Not a bench itself (no .bench.mjs suffix). Each list is filtered once per
// filter and kept, so a list read page by page is not filtered again for every page. One fixed token is
// accepted (`BOOK_TOKEN`), any other call is a 401; an unknown route a 404, logged on stderr. The server
// prints its URL, counts the requests of each route (`GET /__counts`, no token needed; `GET /__cpu` its own
// CPU in ms) and ends when its parent does.
//   node bench/book-server.mjs BUNDLE BOOK_SPEC   (BOOK_SPEC as JSON: { seed, schools, invoices })
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChild } from './servers.mjs';

/** The one session token the book server accepts (sent as `x-token`, as the CLI does). */
export const BOOK_TOKEN = 'book-server-token';

/**
 * The book server in a child process over the book `spec` makes from the bundle at `file`: its URL, pid
 * and `stop()`, `counts()`, the requests it answered by route, and `cpu()`, its CPU so far in ms.
 *
 * @example
 * const server = await startBookServer(bundle, { seed: 7, schools: 200, invoices: 20_000 });
 */
export async function startBookServer(file, spec) {
  const self = fileURLToPath(import.meta.url);
  const started = await startChild([self, file, JSON.stringify(spec)], 'the book server');
  const counts = async () => (await fetch(`${started.url}__counts`)).json();
  const cpu = async () => (await fetch(`${started.url}__cpu`)).json();
  return { ...started, pid: started.child.pid, counts, cpu };
}

const MAX_TAKE = 1000;
const DEFAULT_TAKE = 25;

/** A JSON answer as the sandbox writes one. */
function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** skip and take of a list call, as the sandbox checks them (take 1 to 1,000); undefined when either is wrong. */
function paging(query) {
  const number = (name, fallback) => (query.has(name) ? Number(query.get(name)) : fallback);
  const skip = number('skip', 0);
  const take = number('take', DEFAULT_TAKE);
  const ok = Number.isInteger(skip) && skip >= 0 && Number.isInteger(take) && take >= 1 && take <= MAX_TAKE;
  return ok ? { skip, take } : undefined;
}

/**
 * The list filtered by the query's `fields` that it names (compared as text), a page of it, and the count.
 * Each filter's rows are kept in `kept` (filter -> rows), so a list read page by page is filtered once, not
 * once a page (a book of 80,000 invoices is read in 80 pages).
 */
function listed(rows, query, fields, kept) {
  const page = paging(query);
  if (page === undefined) return undefined;
  const named = fields.filter((f) => query.has(f));
  const key = JSON.stringify(named.map((f) => [f, query.get(f).toLowerCase()]));
  if (!kept.has(key))
    kept.set(
      key,
      rows.filter((row) => named.every((f) => String(row[f]).toLowerCase() === query.get(f).toLowerCase())),
    );
  const found = kept.get(key);
  return { items: found.slice(page.skip, page.skip + page.take), total: found.length };
}

/** The book's lists in the sandbox's order: invoices newest first, schools by name then id, subscriptions by id. */
function listedBook(book) {
  return {
    invoices: [...book.invoices].sort((a, b) => b.id - a.id),
    schools: [...book.schools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id)),
    districts: book.districts,
    subscriptions: [...book.subscriptions].sort((a, b) => a.id - b.id),
  };
}

/**
 * The book as `edshed invoices reconcile` reads it from this server (cli/commands/invoices/reconcile-book.ts):
 * the invoice list of each state in turn (open, promised, paid, refunded), every list in the server's order.
 */
export function bookAsRead(book) {
  const lists = listedBook(book);
  const states = ['open', 'promised', 'paid', 'refunded'];
  return { ...lists, invoices: states.flatMap((state) => lists.invoices.filter((i) => i.state === state)) };
}

/** The routes over a book: route -> (query) -> body, or undefined for a query the list refuses. */
function routesOf(book) {
  const { invoices, schools, districts, subscriptions } = listedBook(book);
  const list = (key, rows, fields) => {
    const kept = new Map();
    return (query) => {
      const found = listed(rows, query, fields, kept);
      return found && { [key]: found.items, total: found.total };
    };
  };
  return {
    'GET /subscriptions/invoices': list('invoices', invoices, [
      'state',
      'currency',
      'school_id',
      'subscription_id',
      'number',
    ]),
    'GET /schools': list('schools', schools, []),
    // The sandbox answers a caller's districts whole, without paging.
    'GET /districts': () => ({ districts, total: districts.length }),
    'GET /schoolsubscriptions': list('subscriptions', subscriptions, ['school_id', 'po_number']),
  };
}

async function serve(file, spec) {
  const r = await import(pathToFileURL(file).href);
  const routes = routesOf(r.syntheticBook(spec));
  const counts = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://book.invalid');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /__counts') return send(res, 200, counts);
    if (route === 'GET /__cpu')
      return send(res, 200, (({ user, system }) => (user + system) / 1000)(process.cpuUsage()));
    counts[route] = (counts[route] ?? 0) + 1;
    const token = req.headers['x-token'];
    if (token === undefined)
      return send(res, 401, { error: 'Unauthorised', message: `Sign in first: ${route} needs a session token` });
    if (token !== BOOK_TOKEN)
      return send(res, 401, { error: 'Unauthorised', message: 'The session token is invalid or has expired' });
    const answer = routes[route];
    if (answer === undefined) {
      process.stderr.write(`book server: no route ${route}${url.search}\n`);
      return send(res, 404, { error: 'Not found', message: `No route ${route}` });
    }
    const body = answer(url.searchParams);
    if (body === undefined) return send(res, 422, { error: 'Invalid data', message: 'skip or take out of range' });
    return send(res, 200, body);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    process.stdout.write(`book server listening at http://127.0.0.1:${port}/\n`);
  });
  process.once('SIGTERM', () => process.exit(0));
  // Ends with its parent: once the parent is gone the child is handed to another (its ppid changes).
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.exit(0), 500).unref();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2], JSON.parse(process.argv[3]));
