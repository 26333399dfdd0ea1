// Preloaded with `node -r` by the benches that time a command from its own start (bench/pty.mjs): writes
// when this Node process began (performance.timeOrigin, ms since the epoch) to the file
// EDSHED_BENCH_ORIGIN names, so that the time `script` and its shell take before Node starts is left out.
// CommonJS and Node's modules only, so it loads no module loader the command would not load itself.
'use strict';
if (process.env.EDSHED_BENCH_ORIGIN)
  require('node:fs').writeFileSync(process.env.EDSHED_BENCH_ORIGIN, String(performance.timeOrigin));
