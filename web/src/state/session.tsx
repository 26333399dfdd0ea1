import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { splitLocalePath } from '../../../core/domain/locale-resolution.js';
import type { User } from '../api/site-types.js';
import { loadApi } from '../api/load.js';
import { useLocation, useNavigate } from '../router.js';
import { INITIAL_STATE, reduce, type ClientState, type StateChange } from './client-state.js';
import { storedToken, storedUser, storeToken, storeUser, viewerCountry } from './token-store.js';

export interface Session {
  readonly state: ClientState;
  set(change: StateChange): void;
  /** Sets (or clears) the token: state, cookie and storage; a token of another user reloads the user. */
  setToken(token: string | undefined): void;
  setUser(user: User | null): void;
  /** Clears user and token (and ends the session on the server). */
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

const HANDOFF_PARAM = 'access_token';

function initialState(): ClientState {
  const token = storedToken();
  const user = storedUser();
  return { ...INITIAL_STATE, token, user: token ? user : null, country: viewerCountry() ?? INITIAL_STATE.country };
}

/** Holds the client state and runs the session rules of O §4: hand-off, token precedence, reloads, auth errors. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const navigate = useNavigate();
  const location = useLocation();
  const handoff = useRef(new URLSearchParams(location.search).get(HANDOFF_PARAM));
  const stateRef = useRef(state);
  stateRef.current = state;

  const setToken = useCallback((token: string | undefined) => {
    storeToken(token);
    dispatch({ token });
  }, []);
  const setUser = useCallback((user: User | null) => {
    storeUser(user);
    dispatch({ user });
  }, []);

  const clear = useCallback(() => {
    storeToken(undefined);
    storeUser(null);
    dispatch({ token: undefined, user: null, loadingUser: false });
  }, []);

  // Every call: the client carries the current token; a 401 sends the user to the locale home, signed out.
  useEffect(() => {
    if (!state.token) return;
    void loadApi().then((api) => {
      api.setToken(stateRef.current.token);
      api.onAuthError(() => {
        clear();
        const { locale } = splitLocalePath(window.location.pathname);
        navigate(locale ? `/${locale}` : '/');
      });
    });
  }, [state.token, clear, navigate]);

  // Hand-off (O §4): access_token on arrival with no user loaded: exchange it, drop it from the address.
  useEffect(() => {
    const accessToken = handoff.current;
    if (!accessToken || stateRef.current.user) return;
    handoff.current = null;
    const params = new URLSearchParams(window.location.search);
    params.delete(HANDOFF_PARAM);
    const search = params.toString();
    navigate(
      { pathname: window.location.pathname, search: search ? `?${search}` : '', hash: window.location.hash },
      { replace: true },
    );
    dispatch({ loadingUser: true });
    void loadApi()
      .then((api) => api.exchangeAccessToken(accessToken))
      .then((token) => setToken(token))
      .catch((error: unknown) => {
        console.error('Could not exchange access token', error);
        dispatch({ loadingUser: false, alert: 'Password incorrect or user not found' });
      });
  }, [navigate, setToken]);

  // A token that does not match the loaded user reloads the user (O §4).
  useEffect(() => {
    const { token, user } = state;
    if (!token || (user && user.token === token)) return;
    let live = true;
    dispatch({ loadingUser: true });
    void loadApi()
      .then(async (api) => {
        api.setToken(token);
        const loaded = await api.currentUser();
        if (live) setUser({ ...loaded, token });
      })
      .catch((error: unknown) => {
        console.error('Could not load the user', error);
        if (live) clear();
      })
      .finally(() => {
        if (live) dispatch({ loadingUser: false });
      });
    return () => {
      live = false;
    };
  }, [state.token]);

  const logout = useCallback(async () => {
    const token = stateRef.current.token;
    clear();
    if (!token) return;
    try {
      const api = await loadApi();
      await api.signOut();
      api.setToken(undefined);
    } catch (error) {
      console.error('Could not end the session on the server', error);
    }
  }, [clear]);

  const session = useMemo<Session>(
    () => ({ state, set: dispatch, setToken, setUser, logout }),
    [state, setToken, setUser, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a SessionProvider');
  return session;
}
