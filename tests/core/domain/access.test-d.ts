/**
 * Type-level proof that the access reader reads the user of core's SESSION_USER shape: every
 * field it reads is a field of the shape, or one of the real API's fields the shape does not answer.
 * Checked by `tsc --noEmit`.
 */
import { expectTypeOf } from 'vitest';
import type { ACCESS_USER_SCHEMA } from '../../../core/domain/access.js';
import type { SessionUser } from '../../../core/shapes/types.js';

/** The real API's fields the access rules read (O §6) that the sandbox's user does not answer. */
type ApiOnlyField = 'spelling_access_level' | 'edshed_access_level' | 'has_number' | 'has_phonics';
type Read = keyof (typeof ACCESS_USER_SCHEMA)['shape'];

expectTypeOf<Exclude<Read, keyof SessionUser | ApiOnlyField>>().toBeNever();
expectTypeOf<Extract<Read, keyof SessionUser>>().toEqualTypeOf<
  'superuser' | 'tester' | 'permissions' | 'literacy_access_level' | 'imitatingUser' | 'school'
>();
// The permissions read are the shape's: a list of strings.
expectTypeOf<NonNullable<(typeof ACCESS_USER_SCHEMA)['shape']['permissions']['_zod']['output']>>().toEqualTypeOf<
  SessionUser['permissions']
>();
