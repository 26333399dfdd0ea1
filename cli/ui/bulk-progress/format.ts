/**
 * A duration for people: `42s`, `3m07s`, `2h05m`; `?` when unknown.
 *
 * @example
 * duration(187) // '3m07s'
 */
export function duration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * A time of day on the local clock, 24-hour: when a pause ends.
 *
 * @example
 * clockTime(new Date(2025, 0, 1, 10, 42, 5).getTime()) // '10:42:05'
 */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * A progress bar of exactly `width` cells.
 *
 * @example
 * bar(0.5, 10) // '█████░░░░░'
 */
export function bar(fraction: number, width: number): string {
  const cells = Math.max(0, Math.floor(width));
  const full = Math.min(cells, Math.max(0, Math.floor(fraction * cells)));
  return '█'.repeat(full) + '░'.repeat(cells - full);
}

/**
 * Cuts a line to `width` characters, marking the cut with an ellipsis.
 *
 * @example
 * fit('Failed - Invalid data: date', 10) // 'Failed - …'
 */
export function fit(text: string, width: number): string {
  const line = text.replace(/[\r\n\t]+/g, ' ');
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}
