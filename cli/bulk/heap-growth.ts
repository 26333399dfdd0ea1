/**
 * How far V8 lets the heap grow past what its last full collection kept, while a bulk run plans.
 *
 * A dry run of 100,000 rows holds about 30 MiB (a fingerprint per row, each target's state) but reads
 * about 80 MB of list pages and checks every row on the way, and most of that garbage outlives a young
 * collection: a page's text is in large-object space, which only a full collection frees. By default V8
 * sets the next full collection at up to 4 times what the last one kept (with a heap limit of 2 GiB or
 * more, as Node's default is here), so the process grew to 200-230 MiB to hold 30 MiB. Told to collect at
 * 1.5 times, it peaks at 136-144 MiB for about a tenth more CPU (bench/README.md, "Bulk dry run memory").
 *
 * Node takes heap limits only at start (`--max-old-space-size` would have to be set for every command, the
 * sandbox's included, or cost a second process), but V8 reads its growing factor at every full
 * collection, so it is set for the plan and put back after it. Put back, the flags are again their
 * defaults, so the code the CLI caches at exit (cli/startup/compile-cache.ts) carries the same flags as
 * every other run's: V8 refuses code cached under other flags, and `v8.cachedDataVersionTag()` is the same
 * before and after.
 */
import { setFlagsFromString } from 'node:v8';

/** The next full collection at (1 + this / 100) times what the last one kept. V8's default is 0: its own factor. */
export const PLAN_HEAP_GROWTH_PERCENT = 50;

/**
 * Runs `work` with V8's heap growing factor at `1 + percent / 100`, then puts V8's default back, also
 * when `work` fails.
 *
 * @example
 * await withHeapGrowth(PLAN_HEAP_GROWTH_PERCENT, () => printPlan(c, input, o));
 */
export async function withHeapGrowth<T>(percent: number, work: () => Promise<T>): Promise<T> {
  if (!Number.isInteger(percent) || percent < 1)
    throw new RangeError(`heap growth of ${percent}%: a whole number above 0`);
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  try {
    return await work();
  } finally {
    setFlagsFromString('--heap-growing-percent=0');
  }
}
