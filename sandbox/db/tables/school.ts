/** The tables of school life, in migration order: core, school administration, homework, activity, rewards, rostering, resources (001-015). */
import type { RESOURCE_AVAILABILITY, RosterLinkState, UserKind } from '../../../core/domain/accounts.js';
import type { HIVE_STATUSES, HomeworkGame, LeagueProduct } from '../../../core/domain/games.js';
import { int, intOrNull, text, textOf, textOrNull, type Column } from './columns.js';

export const SCHOOL_TABLES = {
  // core (001, 002: record keys, token verification; 031: tokens keyed by their hash)
  districts: { id: int, name: text, created_at: text },
  schools: {
    id: int, name: text, code: textOrNull, country: text, region: textOrNull, locale: text, account_region: text,
    district_id: intOrNull, settings: text, integrations: text, created_at: text, deleted_at: textOrNull,
  },
  users: {
    id: int, username: text, email: textOrNull, first_name: text, last_name: text, display_name: text, password_hash: text,
    kind: textOf<UserKind>(), superuser: int, employee: int, tester: int, school_id: intOrNull, school_username: textOrNull,
    admin: int, district_id: intOrNull, parent_id: intOrNull, stage_spelling: intOrNull, stage_number: intOrNull,
    experimental: int, permissions: text, avatar: text, data: text, failed_logins: int, created_at: text,
    deleted_at: textOrNull,
  },
  tokens: { token_hash: text, user_id: int, imitator_id: intOrNull, created_at: text, expires_at: text, verified_at: textOrNull },
  idempotency: {
    user_key: text, key: text, route: text, body_hash: text, state: text, status: intOrNull, response: textOrNull,
    created_at: text,
  },
  records: {
    id: int, collection: text, owner_id: intOrNull, school_id: intOrNull, parent_key: textOrNull, data: text, created_at: text,
    updated_at: text, deleted_at: textOrNull, key: textOrNull, actions: text,
  },
  // school administration (010)
  school_memberships: { user_id: int, school_id: int, admin: int, created_at: text },
  addresses: {
    id: int, school_id: int, address_type: text, address: text, is_default: int, created_at: text, updated_at: text,
    deleted_at: textOrNull,
  },
  school_groups: { id: int, school_id: int, parent_id: intOrNull, name: text, data: text, created_at: text, updated_at: text },
  group_pupils: { group_id: int, user_id: int, added_at: text },
  group_teachers: { group_id: int, user_id: int, added_at: text },
  teacher_invites: {
    id: int, school_id: int, email: text, code: text, invited_by: intOrNull, created_at: text, expires_at: text,
    accepted_at: textOrNull, user_id: intOrNull,
  },
  school_events: { id: int, school_id: int, user_id: intOrNull, kind: text, data: text, created_at: text },
  register_schools: { urn: int, name: text, town: text, postcode: text, country: text, school_id: intOrNull },
  // homework (011)
  homework_sets: {
    id: int, school_id: int, owner_id: intOrNull, group_id: intOrNull, title: text, data: text, created_at: text,
    updated_at: text,
  },
  homework: {
    id: int, school_id: int, owner_id: intOrNull, set_id: intOrNull, title: text, game: textOf<HomeworkGame>(),
    list_ident: textOrNull, data: text, starts_at: text, ends_at: textOrNull, portal: int, created_at: text, updated_at: text,
  },
  homework_pupils: { homework_id: int, user_id: int },
  homework_groups: { homework_id: int, group_id: int },
  homework_teachers: { homework_id: int, user_id: int },
  // activity: game sessions, hives, leagues (012)
  game_sessions: {
    id: int, user_id: int, school_id: intOrNull, game: text, mode: textOrNull, list_ident: textOrNull, homework_id: intOrNull,
    stage: intOrNull, score: int, correct: int, incorrect: int, details: text, created_at: text,
  },
  hives: {
    id: int, school_id: int, owner_id: intOrNull, name: text, game: text, status: textOf<(typeof HIVE_STATUSES)[number]>(), data: text, created_at: text,
    finished_at: textOrNull,
  },
  leagues: {
    id: int, school_id: intOrNull, owner_id: intOrNull, kind: textOf<'custom' | 'challenge'>(), name: text,
    product: textOf<LeagueProduct>(), starts_at: text, ends_at: text, data: text, created_at: text, updated_at: text,
  },
  league_groups: { league_id: int, group_id: int },
  league_users: { league_id: int, user_id: int },
  diagnostic_skills: { id: int, code: text, name: text, stage: int },
  // rewards (013)
  reward_feedback: {
    id: int, school_id: int, group_id: int, name: text, points: int, icon: textOrNull, created_at: text, updated_at: text,
  },
  reward_groups: { id: int, school_id: int, group_id: int, name: text, created_at: text },
  reward_group_pupils: { reward_group_id: int, user_id: int },
  reward_logs: {
    id: int, school_id: int, group_id: intOrNull, user_id: intOrNull, reward_group_id: intOrNull, feedback_id: intOrNull,
    points: int, source: text, awarded_by: intOrNull, converted_at: textOrNull, created_at: text,
  },
  // rostering (014)
  rostering_links: {
    school_id: int, provider: text, external_id: textOrNull, tenant_id: textOrNull, state: textOf<RosterLinkState>(),
    data: text, requested_at: textOrNull, linked_at: textOrNull, activated_at: textOrNull, synced_at: textOrNull,
    sync_count: int,
  },
  rostering_exclusions: { school_id: int, provider: text, external_id: text, created_at: text },
  classlink_tenants: { id: int, name: text, tenant_id: text, data: text, created_at: text },
  // resources (015; 040: file kinds)
  resource_types: { id: int, name: text },
  resources: {
    id: int, title: text, url_key: text, ident: text, type_id: intOrNull, image: text,
    availability: textOf<(typeof RESOURCE_AVAILABILITY)[number]>(), description: text, created_at: text, updated_at: text,
  },
  resource_categories: { resource_id: int, category: text },
  resource_curricula: { resource_id: int, curriculum_id: int },
  resource_files: {
    id: int, resource_id: int, name: text, mime: text, size: int, access_uuid: textOrNull, created_at: text, kind: text,
  },
} as const satisfies Record<string, Record<string, Column<unknown>>>;
