import { useEffect } from 'react';
import { usePageTitle } from '../components/page-title.js';
import { localPath, useLocale } from '../i18n/locale.js';
import { useNavigate } from '../router.js';
import { useSession } from '../state/session.js';

/** Logs the user out (clears user and token) and goes to the locale home. */
export default function Logout() {
  const { messages, prefix } = useLocale();
  const { logout } = useSession();
  const navigate = useNavigate();
  usePageTitle(messages.titles.logout);
  useEffect(() => {
    void logout().then(() => navigate(localPath(prefix, '/'), { replace: true }));
  }, [logout, navigate, prefix]);
  return <p role="status">{messages.titles.logout}...</p>;
}
