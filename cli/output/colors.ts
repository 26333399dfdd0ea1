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

/**
 * Colour is on only for a terminal, and off with `--no-color` or NO_COLOR (https://no-color.org).
 *
 * @example
 * wantsColor({ isTTY: true, noColorEnv: undefined, flag: undefined }) // true
 */
export function wantsColor(options: { readonly isTTY: boolean; readonly noColorEnv: string | undefined; readonly flag: boolean | undefined }): boolean {
  return options.isTTY && options.flag !== false && (options.noColorEnv === undefined || options.noColorEnv === '');
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
