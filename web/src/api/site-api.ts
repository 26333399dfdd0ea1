/**
 * The site's calls, through core's client and endpoint table (loaded lazily: the first page needs neither).
 * Every answer is checked against its entry's reply shape (core/shapes) before the site uses it.
 */
import { ApiClient } from '../../../core/api/client.js';
import { UnauthorisedError } from '../../../core/api/errors/unauthorised-error.js';
import type { InputOf } from '../../../core/endpoints/define.js';
import { trustedRequest } from '../../../core/endpoints/request-shape.js';
import { LITERACY_RESOURCES_CURRICULUM_ID } from '../../../core/domain/curricula.js';
import { PAGE_SIZE } from '../../../core/domain/constants.js';
import { apiBaseUrl, CLIENT_TYPE, CLIENT_VERSION } from '../config.js';
import { checkShape } from './answer-shape.js';
import type {
  CurriculumNode,
  ResourceDetail,
  ResourceItem,
  ResourceType,
  SearchPage,
  SiteAnswer,
  User,
} from './site-types.js';
import type { SearchQuery } from '../components/search-query.js';
import type { SiteCall, SiteEntry } from './site-commands.js';
import { SITE_ENDPOINTS } from './site-endpoints.js';

export { ApiError } from '../../../core/api/errors/api-error.js';
export { ForbiddenError } from '../../../core/api/errors/forbidden-error.js';

const client = new ApiClient();
let authErrorHandler: (() => void) | undefined;
client.init({
  baseUrl: apiBaseUrl(),
  clientType: CLIENT_TYPE,
  clientVersion: CLIENT_VERSION,
  onAuthError: () => authErrorHandler?.(),
});

/** Called on any 401 (O §8): the shell sends the user home and clears user and token. */
export function onAuthError(handler: () => void): void {
  authErrorHandler = handler;
}

export function setToken(token: string | undefined): void {
  client.setToken(token);
}

/**
 * One call and its checked answer. The input is built here, typed by the entry (`InputOf`), so it goes
 * out without the table's input schemas; what comes back is checked against the entry's reply shape.
 */
async function call<C extends SiteCall>(
  name: C,
  input: InputOf<SiteEntry<C>>,
  signal?: AbortSignal,
): Promise<SiteAnswer<C>> {
  const route = SITE_ENDPOINTS[name];
  const { data } = await client.request(trustedRequest(route, input, signal ? { signal } : {}));
  // checkShape accepts exactly the values of the reply's type (tests/web/answer-shape.test.ts).
  return checkShape(route.answer, data) as SiteAnswer<C>;
}

/**
 * One page (10, O §7) of the literacy resources search: the text (none when blank) and the filters.
 *
 * @example
 * await searchResources({ text: 'owls', availability: 'free' }, 0) // { items: [...], total: 3 }
 */
export function searchResources(
  query: SearchQuery,
  skip: number,
  signal?: AbortSignal,
  take: number = PAGE_SIZE,
): Promise<SearchPage> {
  const { text, ...filters } = query;
  const search = text.trim() === '' ? {} : { search: text };
  return call(
    'search',
    { curriculum_id: LITERACY_RESOURCES_CURRICULUM_ID, ...search, ...filters, skip, take },
    signal,
  ).then((a) => a.resources);
}

/** The kinds of resource (for the search's type filter), those that have resources. */
export async function resourceTypes(): Promise<readonly ResourceType[]> {
  return (await call('types', {})).types.filter((type) => type.resource_count > 0);
}

/** The access-token exchange (O §4): a hand-off token for a session token. */
export async function exchangeAccessToken(accessToken: string): Promise<string> {
  return (await call('exchange', { access_token: accessToken })).sessionToken;
}

export async function currentUser(): Promise<User> {
  return (await call('me', {})).user;
}

export function signIn(username: string, password: string): Promise<{ user: User; token: string }> {
  return call('signIn', { username, password });
}

/** Ends the session on the server; a session that is already gone is fine. */
export async function signOut(): Promise<void> {
  try {
    await client.request(trustedRequest(SITE_ENDPOINTS.signOut, {}));
  } catch (error) {
    if (!(error instanceof UnauthorisedError)) throw error;
  }
}

/** The generated avatar image as a data URL (O §7: user id and size, client-type header sent). */
export async function avatarImage(userId: number, size: number): Promise<string> {
  const { avatar } = await call('avatar', { id: userId, size });
  return avatar.startsWith('data:') ? avatar : `data:image/png;base64,${avatar}`;
}

/** The curriculum node of a browse path (`poetry-shed`), or undefined when there is none. */
export async function nodeByPath(urlPath: string): Promise<CurriculumNode | undefined> {
  return (await call('nodes', { url_path: urlPath })).nodes[0];
}

/** Resources of a browse category, or the free ones; up to `take`. */
export async function listResources(
  filter: { category?: string; availability?: 'free' },
  take = 100,
): Promise<readonly ResourceItem[]> {
  const answer = await call('list', { ...filter, curriculum_id: LITERACY_RESOURCES_CURRICULUM_ID, take });
  return answer.resources;
}

export async function resourceByKey(key: string): Promise<ResourceDetail> {
  return (await call('byKey', { key })).resource;
}

/** The curriculum nodes (browse categories) a resource is in. */
export async function resourceNodes(id: number): Promise<readonly CurriculumNode[]> {
  return (await call('resourceNodes', { id })).nodes;
}

/**
 * A signed address of a file's bytes, to download (`attachment`) or open (`inline`); made absolute against
 * the API base (the sandbox answers one relative to it, the platform a full address).
 */
export async function fileAddress(id: number, disposition: 'inline' | 'attachment'): Promise<string> {
  const { url } = await call('presign', { id, disposition });
  return new URL(url, apiBaseUrl()).href;
}
