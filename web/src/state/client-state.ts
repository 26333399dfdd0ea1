import { DEFAULT_COUNTRY } from '../../../core/domain/constants.js';
import type { User } from '../api/site-types.js';

/** The client state of O §3, with its defaults. */
export interface ClientState {
  readonly callingAPI: boolean;
  readonly searching: '' | 'loading';
  readonly user: User | null;
  readonly token: string | undefined;
  readonly session: string | undefined;
  readonly musicOn: boolean;
  readonly soundFXOn: boolean;
  readonly letterNamesOn: boolean;
  readonly environment: string;
  readonly api_environment: string;
  readonly loadingUser: boolean;
  readonly resourceBreadcrumbs: readonly string[];
  readonly breadcrumbs: readonly string[];
  readonly country: string;
  /** The message of a failed hand-off or sign-in, shown in an alert box. */
  readonly alert: string | undefined;
}

export const INITIAL_STATE: ClientState = {
  callingAPI: false,
  searching: '',
  user: null,
  token: undefined,
  session: undefined,
  musicOn: false,
  soundFXOn: true,
  letterNamesOn: false,
  environment: 'production',
  api_environment: 'production',
  loadingUser: false,
  resourceBreadcrumbs: [],
  breadcrumbs: [],
  country: DEFAULT_COUNTRY,
  alert: undefined,
};

export type StateChange = Partial<ClientState>;

/** Each transition of O §4 is a plain set of fields. */
export function reduce(state: ClientState, change: StateChange): ClientState {
  return { ...state, ...change };
}
