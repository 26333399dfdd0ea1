interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/**
 * Whether prefetching is allowed: not on a 2g connection nor with save-data on (O §4).
 *
 * @example
 * prefetchAllowed({ effectiveType: 'slow-2g' }) // false
 */
export function prefetchAllowed(
  connection: NetworkInformation | undefined = (navigator as { connection?: NetworkInformation }).connection,
): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
