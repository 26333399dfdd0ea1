/**
 * Bad client options: an unknown environment, a base URL that is not http(s), a negative retry count.
 *
 * @example
 * try { resolveBaseUrl({ environment: 'prod' }); } catch (error) { if (error instanceof ClientConfigError) console.error(error.message); }
 */
export class ClientConfigError extends Error {
  override readonly name: string = 'ClientConfigError';
}
