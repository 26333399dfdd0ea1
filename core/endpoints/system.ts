import { defineArea } from './define.js';

export const systemArea = defineArea('system', {
  'emails send': {
    route: 'PUT email/{id}/send',
    role: 'superuser',
    summary: 'Send a logged email again',
    idempotent: false,
  },
  'emails stats': {
    route: 'GET email/stats',
    role: 'superuser',
    summary: 'Show email delivery statistics',
  },
  'emails logs': {
    route: 'GET email/logs',
    role: 'superuser',
    summary: 'List sent emails from the email log',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
  },
  'emails bounces': {
    route: 'GET email/suppressions/bounces',
    role: 'superuser',
    summary: 'List addresses suppressed after bounced emails',
  },
  'emails download': {
    route: 'GET email/download',
    role: 'superuser',
    summary: 'Download logged emails by id from storage',
    open: true,
  },
  'emails remove-bounce': {
    route: 'DELETE email/suppressions/bounces',
    role: 'superuser',
    summary: 'Remove a bounced address from the suppression list so mail is sent again',
    open: true,
  },
  'jobs list': {
    route: 'GET jobs',
    role: 'superuser',
    summary: 'Show the progress of background jobs',
    open: true,
  },
  'jobs namespace': {
    route: 'GET jobs/namespace',
    role: 'superuser',
    summary: 'Show the progress of background jobs in one namespace',
    open: true,
  },
  'system-errors list': {
    route: 'GET system/errors',
    role: 'superuser',
    summary: 'List recorded system errors',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
  },
  'system-errors report': {
    route: 'POST system/errors/client-error',
    role: 'public',
    summary: 'Report an error that happened in a client app',
    open: true,
  },
});
