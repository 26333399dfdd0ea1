let snapshot: string | undefined;

/**
 * The page's cookies, read once per task: each read of `document.cookie` asks the browser's network
 * process, and start-up reads several (token, locale, viewer country) in one go.
 */
function pageCookies(): string {
  if (snapshot === undefined) {
    snapshot = document.cookie;
    queueMicrotask(() => {
      snapshot = undefined;
    });
  }
  return snapshot;
}

/**
 * Reads one cookie of the page.
 *
 * @example
 * readCookie('locale') // 'en-au', or undefined
 */
export function readCookie(name: string): string | undefined {
  for (const part of pageCookies().split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Writes a cookie at path `/` for `maxAgeMs` (a negative age deletes it), on `domain` when given.
 *
 * @example
 * writeCookie('locale', 'en-au', 365 * 86_400_000)
 */
export function writeCookie(name: string, value: string, maxAgeMs: number, domain?: string): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${Math.round(maxAgeMs / 1000)}`,
    'SameSite=Lax',
  ];
  if (domain) parts.push(`domain=${domain}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
  snapshot = undefined;
}
