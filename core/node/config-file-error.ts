import { ClientConfigError } from '../api/errors/client-config-error.js';

/**
 * config.json or credentials.json cannot be used: not JSON, or an entry of the wrong shape. The message
 * names the file and says to fix or delete it. A ClientConfigError, so one `catch` covers every reason
 * `connect()` could not set up a client.
 *
 * @example
 * try { await connect(); } catch (error) { if (error instanceof ConfigFileError) console.error(error.path); }
 */
export class ConfigFileError extends ClientConfigError {
  override readonly name: string = 'ConfigFileError';

  constructor(
    message: string,
    /** The file at fault. */
    readonly path: string,
  ) {
    super(message);
  }
}
