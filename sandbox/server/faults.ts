/**
 * Fault injection for rehearsals and reliability tests: error statuses at given rates, latency, and
 * connections dropped before the handler runs or after its write has committed (the unknown-outcome case).
 * Decisions come from a seeded generator, so a test sees the same faults on every run.
 */
import { z } from 'zod';
import { createRng, type Rng } from '../db/seed/random.js';
import { FaultSpecError } from './fault-spec-error.js';

export interface FaultSpec {
  /** Error statuses and the share of requests that get each (their sum at most 1). */
  readonly errors: readonly { readonly status: number; readonly rate: number }[];
  /** Delay before each request, in milliseconds, uniform between min and max. */
  readonly latency: { readonly min: number; readonly max: number } | null;
  /** Share of requests whose connection is dropped before the handler runs. */
  readonly dropBefore: number;
  /** Share of requests whose connection is dropped after the handler's write has committed. */
  readonly dropAfter: number;
  /** Seed of the generator deciding which requests fail. */
  readonly seed: number;
}

/** What happens to one request. */
export interface FaultPlan {
  readonly latencyMs: number;
  readonly dropBefore: boolean;
  readonly status: number | null;
  readonly dropAfter: boolean;
}

export const NO_FAULTS: FaultSpec = { errors: [], latency: null, dropBefore: 0, dropAfter: 0, seed: 1 };

/** The grammar, as `edshed sandbox start --help` shows it. */
export const FAULTS_HELP = `comma-separated NAME=VALUE: STATUS=RATE (a 4xx/5xx status, e.g. 500=0.1,429=0.05), latency=MS or latency=MIN-MAX,
drop-before=RATE (connection dropped before the handler runs), drop-after=RATE (dropped after the write committed),
seed=N (which requests fail); RATE is 0..1; "none" or "" for no faults`;

const RATE = /^(?:0|1|0?\.\d+|1\.0*)$/;

function rate(part: string, value: string): number {
  if (!RATE.test(value)) throw new FaultSpecError(`Bad fault "${part}": the rate must be a number from 0 to 1`, part);
  return Number(value);
}

/**
 * Parses a fault spec.
 *
 * @example
 * parseFaults('500=0.1,429=0.05,latency=50-200,drop-before=0.02,drop-after=0.02,seed=7');
 * // { errors: [{ status: 500, rate: 0.1 }, { status: 429, rate: 0.05 }], latency: { min: 50, max: 200 }, dropBefore: 0.02, dropAfter: 0.02, seed: 7 }
 */
export function parseFaults(spec: string): FaultSpec {
  const text = spec.trim();
  if (text === '' || text === 'none') return NO_FAULTS;
  const errors: { status: number; rate: number }[] = [];
  let latency: FaultSpec['latency'] = null;
  let dropBefore = 0;
  let dropAfter = 0;
  let seed = NO_FAULTS.seed;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (eq < 0 || value === '') throw new FaultSpecError(`Bad fault "${part}": expected NAME=VALUE`, part);
    if (/^\d+$/.test(name)) {
      const status = Number(name);
      if (status < 400 || status > 599)
        throw new FaultSpecError(`Bad fault "${part}": the status must be 400-599`, part);
      if (errors.some((e) => e.status === status))
        throw new FaultSpecError(`Bad fault "${part}": status ${status} is given twice`, part);
      errors.push({ status, rate: rate(part, value) });
    } else if (name === 'latency') {
      const m = /^(\d+)(?:-(\d+))?$/.exec(value);
      const min = Number(m?.[1]);
      const max = m?.[2] === undefined ? min : Number(m[2]);
      if (!m || max < min || max > 60_000)
        throw new FaultSpecError(`Bad fault "${part}": latency is MS or MIN-MAX milliseconds, at most 60000`, part);
      latency = { min, max };
    } else if (name === 'drop-before') {
      dropBefore = rate(part, value);
    } else if (name === 'drop-after') {
      dropAfter = rate(part, value);
    } else if (name === 'seed') {
      if (!/^\d+$/.test(value)) throw new FaultSpecError(`Bad fault "${part}": the seed must be a whole number`, part);
      seed = Number(value);
    } else {
      throw new FaultSpecError(
        `Unknown fault "${name}" in "${part}": expected a status, latency, drop-before, drop-after or seed`,
        part,
      );
    }
  }
  const total = errors.reduce((sum, e) => sum + e.rate, 0);
  if (total > 1 + 1e-9)
    throw new FaultSpecError(`Bad faults "${text}": the error rates add up to ${total}, more than 1`, text);
  return { errors, latency, dropBefore, dropAfter, seed };
}

/**
 * Writes a spec back in the grammar parseFaults reads.
 *
 * @example
 * formatFaults(parseFaults('500=0.1')); // '500=0.1'
 */
export function formatFaults(spec: FaultSpec): string {
  const parts = spec.errors.map((e) => `${e.status}=${e.rate}`);
  if (spec.latency)
    parts.push(
      `latency=${spec.latency.min === spec.latency.max ? spec.latency.min : `${spec.latency.min}-${spec.latency.max}`}`,
    );
  if (spec.dropBefore > 0) parts.push(`drop-before=${spec.dropBefore}`);
  if (spec.dropAfter > 0) parts.push(`drop-after=${spec.dropAfter}`);
  if (parts.length > 0 && spec.seed !== NO_FAULTS.seed) parts.push(`seed=${spec.seed}`);
  return parts.length === 0 ? 'none' : parts.join(',');
}

const unit = z.number().min(0).max(1);
/** A spec given as an object (`PUT __sandbox/faults`, `createSandbox({ faults })`). */
export const faultSpecSchema = z.strictObject({
  errors: z.array(z.strictObject({ status: z.number().int().min(400).max(599), rate: unit })).default([]),
  latency: z
    .strictObject({ min: z.number().int().min(0), max: z.number().int().max(60_000) })
    .refine((l) => l.min <= l.max, 'min must not exceed max')
    .nullable()
    .default(null),
  dropBefore: unit.default(0),
  dropAfter: unit.default(0),
  seed: z.number().int().min(0).default(NO_FAULTS.seed),
});

export interface FaultInjector {
  readonly spec: FaultSpec;
  /** Replaces the spec and restarts the generator from its seed. */
  set(spec: FaultSpec): void;
  /** Decides the faults of the next request. */
  plan(): FaultPlan;
}

/**
 * A fault injector; every request draws the same number of values, so the sequence of decisions
 * depends only on the seed and the request count.
 *
 * @example
 * const faults = createFaultInjector(parseFaults('500=0.5,seed=3'));
 * faults.plan(); // { latencyMs: 0, dropBefore: false, status: 500, dropAfter: false }
 */
export function createFaultInjector(initial: FaultSpec = NO_FAULTS): FaultInjector {
  let spec = initial;
  let rng: Rng = createRng(spec.seed);
  return {
    get spec() {
      return spec;
    },
    set(next) {
      spec = next;
      rng = createRng(next.seed);
    },
    plan() {
      const latencyDraw = rng.next();
      const dropBeforeDraw = rng.next();
      const statusDraw = rng.next();
      const dropAfterDraw = rng.next();
      const latencyMs = spec.latency
        ? spec.latency.min + Math.floor(latencyDraw * (spec.latency.max - spec.latency.min + 1))
        : 0;
      let status: number | null = null;
      let cumulative = 0;
      for (const e of spec.errors) {
        cumulative += e.rate;
        if (statusDraw < cumulative) {
          status = e.status;
          break;
        }
      }
      return {
        latencyMs,
        dropBefore: dropBeforeDraw < spec.dropBefore,
        status,
        dropAfter: dropAfterDraw < spec.dropAfter,
      };
    },
  };
}
