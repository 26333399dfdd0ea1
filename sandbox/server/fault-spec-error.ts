/** A `--faults` spec that cannot be read; the message names the bad part. */
export class FaultSpecError extends Error {
  constructor(
    message: string,
    readonly part: string,
  ) {
    super(message);
    this.name = 'FaultSpecError';
  }
}
