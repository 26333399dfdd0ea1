import { useState } from 'react';
import { resourceAccess, type ResourceAccess } from '../../../core/domain/resource-access.js';
import type { ResourceDetail, ResourceFile } from '../api/site-types.js';
import { loadApi } from '../api/load.js';
import { LocalLink } from '../components/local-link.js';
import { useLocale } from '../i18n/locale.js';
import { SITE_LOCALES } from '../i18n/site-locales.js';
import { useLocation } from '../router.js';
import { useSession } from '../state/session.js';
import { fileSize, fileType, type ResourceWords } from './resource-words.js';

/**
 * What the visitor may do with the resource's files, by core's rule, or `checking` while the signed-in
 * user is still loading (their membership is not known yet).
 */
export function useResourceAccess(resource: ResourceDetail): ResourceAccess | 'checking' {
  const { state } = useSession();
  if (state.loadingUser || (state.token !== undefined && state.user === null)) return 'checking';
  return resourceAccess(state.user, resource.availability);
}

interface GetResourceProps {
  readonly resource: ResourceDetail;
  readonly access: ResourceAccess | 'checking';
  readonly words: ResourceWords;
}

/** The one next step of the page: sign in, join, or the files (which follow below). */
export function GetResource({ resource, access, words }: GetResourceProps) {
  const { pathname, search } = useLocation();
  const free = resource.availability === 'free';
  if (access === 'checking')
    return (
      <p className="get-resource" role="status">
        {words.checking}
      </p>
    );
  if (access === 'sign-in') {
    return (
      <div className="get-resource">
        <p>{free ? words.signInFree : words.signInMembers}</p>
        <LocalLink to={`/login?next=${encodeURIComponent(`${pathname}${search}`)}`} className="button">
          {words.signIn}
        </LocalLink>
      </div>
    );
  }
  if (access === 'join') {
    return (
      <div className="get-resource">
        <p>{words.joinText}</p>
        <LocalLink to="/memberships" className="button">
          {words.join}
        </LocalLink>
      </div>
    );
  }
  return (
    <div className="get-resource get-resource-ready">
      <p>{free ? words.readyFree : words.readyMembers}</p>
      <a href="#files" className="button">
        {words.files}
      </a>
    </div>
  );
}

interface ResourceFilesProps {
  readonly files: readonly ResourceFile[];
  readonly access: ResourceAccess | 'checking';
  readonly words: ResourceWords;
}

/**
 * The resource's files with their type and size; for a visitor who may have them, each with Download
 * (through a signed address, as an attachment) and Open (inline, in a new tab).
 */
export function ResourceFiles({ files, access, words }: ResourceFilesProps) {
  const { locale } = useLocale();
  const [busy, setBusy] = useState<number | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const fetchFile = async (file: ResourceFile, disposition: 'inline' | 'attachment') => {
    setBusy(file.id);
    setFailure(undefined);
    try {
      const url = await (await loadApi()).fileAddress(file.id, disposition);
      if (disposition === 'attachment') window.location.assign(url);
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      setFailure(words.failed(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section className="resource-files" id="files" aria-labelledby="files-heading">
      <h2 id="files-heading">{words.included}</h2>
      {files.length === 0 && <p>{words.noFiles}</p>}
      <ul className="files">
        {files.map((file) => {
          const label = file.title ?? file.name;
          const type = fileType(file.mime, file.name);
          return (
            <li key={file.id} className="file">
              <span className="file-badge" aria-hidden="true">
                {type}
              </span>
              <span className="file-text">
                <span className="file-title">{label}</span>
                <span className="file-meta">
                  {[
                    type,
                    typeof file.size === 'number' ? fileSize(file.size, SITE_LOCALES[locale].iso) : undefined,
                    file.name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              {access === 'download' && (
                <span className="file-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busy === file.id}
                    onClick={() => void fetchFile(file, 'attachment')}
                  >
                    {words.download}
                    <span className="visually-hidden"> {label}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-outline"
                    disabled={busy === file.id}
                    onClick={() => void fetchFile(file, 'inline')}
                  >
                    {words.open}
                    <span className="visually-hidden"> {label}</span>
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {busy !== undefined && <p role="status">{words.opening}</p>}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
