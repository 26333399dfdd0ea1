export const NOT_INITIALISED_MESSAGE = 'API client has not been initialised';

/**
 * A request made before `init()`: a programming error, not an API answer, so it is not an ApiError.
 *
 * @example
 * const client = new ApiClient();
 * await client.request({ method: 'GET', path: 'users/me' }); // throws NotInitialisedError
 */
export class NotInitialisedError extends Error {
  override readonly name: string = 'NotInitialisedError';

  constructor() {
    super(NOT_INITIALISED_MESSAGE);
  }
}
