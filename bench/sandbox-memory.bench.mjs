// Peak memory of the sandbox under the large seed: the high-water mark of its resident set (VmHWM in
// /proc/<pid>/status, Linux only) after seeding and a burst of requests. The sandbox runs in a child
// process (`edshed sandbox start --db :memory: --seed large`), so the figure is the whole server: Node,
// the in-memory database and the request path. The burst mixes the heaviest common reads (a school's
// pupils, invoice pages of 500) with mark-paid writes cycling over the seed's open invoices (once all are
// paid, the repeats are idempotent no-ops), with autocannon for BURST seconds.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { call, signIn, startSandbox } from './servers.mjs';

const BURST = Number(process.env.BENCH_DURATION ?? 5);
const TARGET_MIB = 300;

function status(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  return { hwm: kib('VmHWM') / 1024, rss: kib('VmRSS') / 1024 };
}

const out = (row) => console.log(JSON.stringify(row));
const sandbox = await startSandbox({ seed: 'large' });
try {
  const { url, child } = sandbox;
  const seeded = status(child.pid);
  const admin = await signIn(url, 'admin');
  const superuser = await signIn(url, 'superuser');
  const today = new Date().toISOString().slice(0, 10);
  const { invoices } = await call(url, 'GET', 'subscriptions/invoices?state=open&take=500', superuser);
  const open = invoices.filter((i) => i.issued_at <= today).map((i) => i.id);
  let next = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: BURST,
    requests: [
      { method: 'GET', path: '/users/me/school/pupils', headers: { 'x-token': admin } },
      { method: 'GET', path: '/subscriptions/invoices?take=500', headers: { 'x-token': superuser } },
      { method: 'GET', path: '/subscriptions/invoices?take=500&skip=5000', headers: { 'x-token': superuser } },
      {
        method: 'POST',
        headers: { 'x-token': superuser, 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'bacs', date: today }),
        setupRequest: (request) => ({ ...request, path: `/superuser/invoices/${open[next++ % open.length]}/paid` }),
      },
    ],
  });
  if (result.non2xx + result.errors > 0)
    throw new Error(`burst: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const after = status(child.pid);
  process.stderr.write(
    `after seeding: VmHWM ${seeded.hwm.toFixed(0)} MiB; after ${result['2xx']} requests: VmHWM ${after.hwm.toFixed(0)} MiB, VmRSS ${after.rss.toFixed(0)} MiB\n`,
  );
  out({ name: 'sandbox peak RSS after large seed (VmHWM)', value: seeded.hwm.toFixed(0), unit: 'MiB' });
  out({
    name: `sandbox peak RSS after a ${BURST} s burst (VmHWM)`,
    value: after.hwm.toFixed(0),
    unit: 'MiB',
    target: `< ${TARGET_MIB}`,
    ok: after.hwm < TARGET_MIB,
  });
} finally {
  await sandbox.stop();
}
