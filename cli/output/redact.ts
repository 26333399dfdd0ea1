// The one list of secret keys lives in core (a dry run's body is redacted by the client's preview).
export { isSecretKey, redact, redactUrl } from '../../core/api/redact.js';
