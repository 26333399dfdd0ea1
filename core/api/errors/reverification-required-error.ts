import type { ApiErrorDetails } from './api-error.js';
import { ForbiddenError } from './forbidden-error.js';

export const REVERIFICATION_MESSAGE = 'Password requires reverification';

/**
 * A 403 that asks the user to enter their password again. The client raises it when its `onReverify`
 * handler declines (or there is none and the server asked for reverification); `serverMessage` keeps
 * what the server said.
 *
 * @example
 * if (error instanceof ReverificationRequiredError) await promptForPassword();
 */
export class ReverificationRequiredError extends ForbiddenError {
  override readonly name: string = 'ReverificationRequiredError';
  readonly serverMessage: string | undefined;

  constructor(serverMessage: string | undefined, details: ApiErrorDetails = {}) {
    super(REVERIFICATION_MESSAGE, details);
    this.serverMessage = serverMessage;
  }
}
