// The floor for bench/bulk-throughput: the least a Node client does per item. It sends the CLI's request
// (POST superuser/invoices/{id}/paid, its own Idempotency-Key) for each id of a payments CSV, over
// node:http keep-alive at a given concurrency, with no checks, journal, audit or progress; it prints its
// CPU time. Not a bench itself (no .bench.mjs suffix).
// Usage: node bench/bare-client.mjs URL TOKEN FILE CONCURRENCY
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

const [url, token, file, concurrency] = process.argv.slice(2);
const rows = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','));
const agent = new Agent({ keepAlive: true });
let next = 0;

function send([id, method, date]) {
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-token': token,
    'idempotency-key': `bare-${id}`,
  };
  return new Promise((resolve, reject) => {
    const req = request(`${url}superuser/invoices/${id}/paid`, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
          : reject(new Error(`${id}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify({ method, date }));
  });
}

await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next < rows.length) await send(rows[next++]);
  }),
);
agent.destroy();
const usage = process.resourceUsage();
process.stderr.write(`cpu_us=${usage.userCPUTime + usage.systemCPUTime}\n`);
