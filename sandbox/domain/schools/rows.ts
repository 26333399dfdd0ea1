/** Row shapes of the tables the school-administration handlers read (see db/migrations 001 and 010-015). */
import type { UserKind } from '../../../core/domain/accounts.js';
import type { HomeworkGame, LeagueProduct } from '../../../core/domain/games.js';

export interface SchoolRow {
  readonly id: number;
  readonly name: string;
  readonly code: string | null;
  readonly country: string;
  readonly region: string | null;
  readonly locale: string;
  readonly account_region: string;
  readonly district_id: number | null;
  readonly settings: string;
  readonly integrations: string;
  readonly created_at: string;
  readonly deleted_at: string | null;
}

export interface UserRow {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly kind: UserKind;
  readonly superuser: number;
  readonly employee: number;
  readonly school_id: number | null;
  readonly school_username: string | null;
  readonly admin: number;
  readonly district_id: number | null;
  readonly stage_spelling: number | null;
  readonly stage_number: number | null;
  readonly experimental: number;
  readonly permissions: string;
  readonly avatar: string;
  readonly data: string;
  readonly created_at: string;
  readonly deleted_at: string | null;
}

export interface GroupRow {
  readonly id: number;
  readonly school_id: number;
  readonly parent_id: number | null;
  readonly name: string;
  readonly data: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface AddressRow {
  readonly id: number;
  readonly school_id: number;
  readonly address_type: string;
  readonly address: string;
  readonly is_default: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted_at: string | null;
}

export interface HomeworkRow {
  readonly id: number;
  readonly school_id: number;
  readonly owner_id: number | null;
  readonly set_id: number | null;
  readonly title: string;
  readonly game: HomeworkGame;
  readonly list_ident: string | null;
  readonly data: string;
  readonly starts_at: string;
  readonly ends_at: string | null;
  readonly portal: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface HomeworkSetRow {
  readonly id: number;
  readonly school_id: number;
  readonly owner_id: number | null;
  readonly group_id: number | null;
  readonly title: string;
  readonly data: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface SessionRow {
  readonly id: number;
  readonly user_id: number;
  readonly school_id: number | null;
  readonly game: string;
  readonly mode: string | null;
  readonly list_ident: string | null;
  readonly homework_id: number | null;
  readonly stage: number | null;
  readonly score: number;
  readonly correct: number;
  readonly incorrect: number;
  readonly details: string;
  readonly created_at: string;
}

export interface LeagueRow {
  readonly id: number;
  readonly school_id: number | null;
  readonly owner_id: number | null;
  readonly kind: 'custom' | 'challenge';
  readonly name: string;
  readonly product: LeagueProduct;
  readonly starts_at: string;
  readonly ends_at: string;
  readonly data: string;
  readonly created_at: string;
  readonly updated_at: string;
}
