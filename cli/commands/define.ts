/**
 * What a curated command is, apart from the list of them (commands/index.ts): every command module
 * imports its type from here, so that no command imports the list that loads it.
 */
import type { Command } from 'commander';
import type { Factory } from '../factory/factory.js';

/** A curated command module's default export: configures the (sub)command it is given. */
export type DefineCommand = (cmd: Command, f: Factory) => void;

/** One entry of the list of curated commands: what help shows, and how to load the module. */
export interface CuratedCommand {
  readonly summary: string;
  readonly load: () => Promise<{ readonly default: DefineCommand }>;
  /** A one-word command that needs no other command built (not the table, not the stubs of other nouns). */
  readonly standalone?: boolean;
  /** Runs when the noun is given without a verb (`edshed prices`). */
  readonly isDefault?: boolean;
  /** Left out of help and completion (`__complete`, called by the completion scripts). */
  readonly hidden?: boolean;
}
