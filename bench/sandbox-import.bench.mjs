// `edshed sandbox import` against a sandbox playing production, demo and large seed: the wall time of the
// import (the built binary, launch to exit: reading through GET only, pseudonymising, writing and checking
// the copy) and the requests it sends per school, counted by a proxy in front of production
// (bench/counting-proxy.mjs) and checked against the manifest's own count. The demo seed copies its three
// schools; the large seed three of its schools, one of them of the largest. `node -e 0` is timed in the
// same rounds for scale; medians of RUNS rounds.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countingProxy } from './counting-proxy.mjs';
import { call, signIn, startSandbox } from './servers.mjs';
import { cliEnv } from './pty.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
/** The reads of the reference data, made once whatever the schools. */
const REFERENCE = [
  'GET /countries',
  'GET /countries/zones',
  'GET /subscriptions/products',
  'GET /subscriptions/products/{id}/scopes',
  'GET /subscriptions/plans',
  'GET /superuser/salespeople',
  'GET /districts',
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** The three schools to copy: the demo's own, or two of the large seed's and its largest. */
async function chosenSchools(url, token, seed) {
  if (seed === 'demo') return [1, 2, 3];
  const { schools } = await call(url, 'GET', 'schools?take=1000', token);
  const sizes = [];
  for (const school of schools.slice(0, 40))
    sizes.push([school.id, (await call(url, 'GET', `schools/${school.id}`, token)).school.pupil_count]);
  const largest = sizes.sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  return [...new Set([1, 10, largest])].slice(0, 3);
}

const dir = mkdtempSync(join(tmpdir(), 'edshed-import-bench-'));
try {
  for (const seed of ['demo', 'large']) {
    const production = await startSandbox({ seed });
    const proxy = await countingProxy(production.url);
    try {
      const token = await signIn(production.url, 'superuser');
      const schools = await chosenSchools(production.url, token, seed);
      const env = { ...process.env, ...cliEnv(proxy.url, token) };
      const times = [];
      const node = [];
      let requests = 0;
      let reference = 0;
      for (let round = 0; round < RUNS; round += 1) {
        const db = join(dir, `${seed}-${round}.db`);
        proxy.reset();
        const start = process.hrtime.bigint();
        // Not spawnSync: the proxy answers from this process's event loop.
        const run = await promisify(execFile)(
          process.execPath,
          [bin, 'sandbox', 'import', ...schools.flatMap((id) => ['--school', String(id)]), '--db', db, '--json'],
          { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        );
        times.push(ms(start));
        const manifest = JSON.parse(run.stdout);
        requests = [...proxy.counts().values()].reduce((a, b) => a + b, 0);
        if (requests !== manifest.requests)
          throw new Error(`the proxy counted ${requests} requests, the manifest says ${manifest.requests}`);
        if ([...proxy.counts().keys()].some((route) => !route.startsWith('GET ')))
          throw new Error(`sent more than GET: ${[...proxy.counts().keys()].join(', ')}`);
        reference = [...proxy.counts()]
          .filter(([route]) => REFERENCE.includes(route))
          .reduce((sum, [, n]) => sum + n, 0);
        const nodeStart = process.hrtime.bigint();
        spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
        node.push(ms(nodeStart));
      }
      const time = median(times);
      console.log(
        JSON.stringify({
          name: `${seed} seed: import of schools ${schools.join(', ')}, wall time`,
          value: Math.round(time),
          unit: 'ms',
        }),
      );
      console.log(
        JSON.stringify({
          name: `${seed} seed: import time / node -e 0`,
          value: Number((time / median(node)).toFixed(1)),
          unit: 'x',
        }),
      );
      console.log(
        JSON.stringify({
          name: `${seed} seed: requests per school (the reference data's ${reference} aside)`,
          value: Number(((requests - reference) / schools.length).toFixed(1)),
          unit: 'requests',
        }),
      );
      console.log(JSON.stringify({ name: `${seed} seed: requests in all`, value: requests, unit: 'requests' }));
    } finally {
      await proxy.close();
      await production.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
