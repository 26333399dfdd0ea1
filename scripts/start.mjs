// `npm start` (after the build): the sandbox API and, beside it, the resources site served from dist/web
// by Vite's preview server, which proxies /api/ to that sandbox (same origin, so the sandbox needs no CORS).
// `npm run dev:site` (--dev): the same, with Vite's dev server on web/'s sources instead (an edit under
// web/ shows in the browser at once; default site port 5173).
// Arguments go to `edshed sandbox start`, except --dev and --site-port N (default 4173; 0 picks a free
// port). Both stop on Ctrl-C or SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
if (dev) args.splice(args.indexOf('--dev'), 1);
let sitePort = dev ? 5173 : 4173;
const at = args.indexOf('--site-port');
if (at >= 0) {
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`--site-port must be a port number (0 to 65535), got "${args[at + 1] ?? ''}"`);
    process.exit(2);
  }
  sitePort = value;
  args.splice(at, 2);
}

const bin = fileURLToPath(new URL('../bin/edshed.cjs', import.meta.url));
const sandbox = spawn(process.execPath, [bin, 'sandbox', 'start', ...args], { stdio: ['ignore', 'inherit', 'pipe'] });

/**
 * The sandbox's banner goes on to our stderr; its URL is read from it. Its sign-in line names `edshed`;
 * in this checkout (where `npm start` runs) the command is `npx --offline edshed` until `npm link`
 * (--offline: npx never asks the registry for a package of that name; README, "Using the CLI").
 */
let seen = '';
const sandboxUrl = await new Promise((resolve, reject) => {
  sandbox.stderr.on('data', (chunk) => {
    process.stderr.write(chunk.toString().replaceAll('| edshed ', '| npx --offline edshed '));
    seen += chunk.toString();
    const found = /listening at (http:\/\/\S+\/)/.exec(seen);
    if (found) resolve(found[1]);
  });
  sandbox.once('exit', (code) =>
    reject(Object.assign(new Error(`the sandbox stopped (exit ${code})`), { exitCode: code ?? 1 })),
  );
}).catch((error) => {
  // The sandbox's own advice says --port; through npm the flag needs `--` before it.
  if (/is in use/.test(seen)) {
    console.error(
      'With npm start: npm start -- --port 8790 (then export EDSHED_SANDBOX_URL=http://127.0.0.1:8790 where you run edshed)',
    );
  }
  process.exit(error.exitCode ?? 1);
});

process.env.EDSHED_SANDBOX_URL = sandboxUrl;
const vite = await import('vite');
const configFile = fileURLToPath(new URL('../web/vite.config.ts', import.meta.url));
const server = dev
  ? await vite.createServer({ configFile, logLevel: 'warn', server: { port: sitePort, open: false } })
  : await vite.preview({ configFile, logLevel: 'warn', preview: { port: sitePort, open: false } });
if (dev) await server.listen();
const address = server.httpServer.address();
const port = typeof address === 'object' && address ? address.port : sitePort;
const what = dev ? 'Literacy Shed site (dev server: edits under web/ show at once)' : 'Literacy Shed site';
console.error(`${what} at http://127.0.0.1:${port}/ (API calls go to the sandbox at ${sandboxUrl} through /api/)`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  // The sandbox first: Vite's preview server has a SIGTERM handler of its own that exits the process as soon
  // as the site is closed, which would leave the sandbox running.
  if (sandbox.exitCode === null) sandbox.kill(signal);
  await server.close();
  if (sandbox.exitCode === null) await new Promise((resolve) => sandbox.once('exit', resolve));
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
// However this process ends (Vite's own exit included), the sandbox does not outlive it.
process.on('exit', () => {
  if (sandbox.exitCode === null) sandbox.kill('SIGTERM');
});
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
sandbox.once('exit', (code) => {
  if (stopping) return;
  console.error(`The sandbox stopped (exit ${code}); stopping the site`);
  void server.close().then(() => process.exit(code ?? 1));
});
