// Preloaded (`node --import bench/cpu-hook.mjs ...`): at exit the process prints its CPU time (user +
// system, every thread) as `cpu_us=`, and on Linux its main thread's alone as `main_thread_us=` (from
// /proc, in 10 ms ticks): the rest is V8's background threads (optimising compilation, concurrent GC).
// Not a bench itself (no .bench.mjs suffix).
import { existsSync, readFileSync } from 'node:fs';

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux. */
const TICK_US = 10_000;

process.on('exit', () => {
  const used = process.resourceUsage();
  const file = `/proc/self/task/${process.pid}/stat`;
  let main = '';
  if (existsSync(file)) {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    main = ` main_thread_us=${(Number(fields[11]) + Number(fields[12])) * TICK_US}`;
  }
  process.stderr.write(`cpu_us=${used.userCPUTime + used.systemCPUTime}${main}\n`);
});
