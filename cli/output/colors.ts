import { Chalk } from 'chalk';

/** The colours the CLI uses; each returns its text unchanged when colour is off. */
export interface Colors {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  /** An invoice or subscription state, coloured by what it means (paid green, overdue red...). */
  state(text: string): string;
}

const STATE_COLOUR: Readonly<Record<string, 'green' | 'yellow' | 'red' | 'dim' | 'cyan'>> = {
  paid: 'green',
  active: 'green',
  open: 'yellow',
  promised: 'cyan',
  pending: 'yellow',
  overdue: 'red',
  uncollectable: 'red',
  void: 'dim',
  refunded: 'dim',
  cancelled: 'dim',
  expired: 'dim',
};

/** The variables the colour decision reads. */
export interface ColorEnv {
  readonly NO_COLOR?: string | undefined;
  readonly FORCE_COLOR?: string | undefined;
  readonly TERM?: string | undefined;
}

/**
 * Whether to colour, first rule that applies wins: `--no-color` off; NO_COLOR set to anything off
 * (https://no-color.org); FORCE_COLOR set explicitly on, even off a terminal (`0` or `false`: off);
 * TERM=dumb off (a terminal that shows escape codes as text); else on for a terminal only.
 *
 * @example
 * wantsColor({ isTTY: true, env: {}, flag: undefined }) // true
 * wantsColor({ isTTY: true, env: { TERM: 'dumb' }, flag: undefined }) // false
 * wantsColor({ isTTY: false, env: { FORCE_COLOR: '1' }, flag: undefined }) // true
 */
export function wantsColor(options: {
  readonly isTTY: boolean;
  readonly env: ColorEnv;
  readonly flag: boolean | undefined;
}): boolean {
  const { env } = options;
  if (options.flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return options.isTTY;
}

/**
 * Colours backed by chalk at the level the terminal supports (basic ANSI when enabled).
 *
 * @example
 * createColors(false).state('paid') // 'paid'
 */
export function createColors(enabled: boolean): Colors {
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  return {
    enabled,
    bold: (t) => chalk.bold(t),
    dim: (t) => chalk.dim(t),
    red: (t) => chalk.red(t),
    yellow: (t) => chalk.yellow(t),
    green: (t) => chalk.green(t),
    state: (t) => {
      const colour = STATE_COLOUR[t];
      return colour ? chalk[colour](t) : t;
    },
  };
}
