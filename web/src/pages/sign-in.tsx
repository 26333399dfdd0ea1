import { useState, type FormEvent } from 'react';
import { loadApi } from '../api/load.js';
import { usePageTitle } from '../components/page-title.js';
import { localPath, useLocale } from '../i18n/locale.js';
import { useNavigate, useSearchParams } from '../router.js';
import { useSession } from '../state/session.js';

/**
 * Where to go after signing in: `next` when it is a path of this site (`/en-au/resource/owl`), else the
 * locale home; never another origin (`//evil.example`, `https://...`).
 *
 * @example
 * afterSignIn('/resource/owl', '/en-au') // '/resource/owl'
 * afterSignIn('//evil.example', '')     // '/'
 */
export function afterSignIn(next: string | null, prefix: string): string {
  return next && /^\/(?![/\\])/.test(next) ? next : localPath(prefix, '/');
}

/** Signs in against the API with a username and password, then goes back where the visitor came from (`?next=`) or home. */
export default function SignIn() {
  const { messages, prefix } = useLocale();
  const { setToken, setUser } = useSession();
  const navigate = useNavigate();
  const next = useSearchParams().get('next');
  const [failed, setFailed] = useState<'' | 'refused' | 'unanswered'>('');
  const [busy, setBusy] = useState(false);
  usePageTitle(messages.titles.signIn);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFailed('');
    let api: Awaited<ReturnType<typeof loadApi>> | undefined;
    try {
      api = await loadApi();
      const { user, token } = await api.signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
      api.setToken(token);
      setUser({ ...user, token });
      setToken(token);
      navigate(afterSignIn(next, prefix));
    } catch (error) {
      console.error('Sign-in failed', error);
      // Only the API's refusal says the details are wrong: a server that failed, was busy or did not answer
      // says nothing of them (and a teacher told otherwise would change a password that was right).
      const status = api !== undefined && error instanceof api.ApiError ? error.status : undefined;
      const refused = status !== undefined && status < 500 && status !== 408 && status !== 429;
      setFailed(refused ? 'refused' : 'unanswered');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="sign-in-page">
      <h1>{messages.signIn.heading}</h1>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="username">{messages.signIn.username}</label>
        <input id="username" name="username" autoComplete="username" required />
        <label htmlFor="password">{messages.signIn.password}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {failed && (
          <p className="form-error" role="alert">
            {failed === 'refused' ? messages.signIn.failed : messages.signIn.unanswered}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {messages.signIn.submit}
        </button>
      </form>
    </section>
  );
}
