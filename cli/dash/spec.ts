import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { Pane } from './pane.js';

/** An action on one row of an actionable pane (an invoice), with the details the user typed. */
export interface ActRequest {
  readonly action: 'promised' | 'paid';
  readonly id: number;
  readonly details: Readonly<Record<string, string>>;
}

/** What came of an action: the line to show, and the row's new state when it worked. */
export interface ActOutcome {
  readonly ok: boolean;
  readonly message: string;
  /** The invoice's state read back after the write. */
  readonly after?: string | null | undefined;
}

/**
 * One dashboard, as data and functions, no drawing: how to load its figures with the API, the panes
 * they make, and (billing) how to act on a row. The Ink view and `--once` both work from it.
 */
export interface DashSpec<D> {
  /** `billing`: the command is `edshed dash billing`. */
  readonly name: string;
  /** Heading of the view and the snapshot. */
  readonly title: string;
  load(api: ApiMethods): Promise<D>;
  panes(data: D): Pane[];
  /** Sends an action through the curated command's run function. */
  readonly act?: ((request: ActRequest) => Promise<ActOutcome>) | undefined;
  /** The data with the row of `request` updated after an action worked, before the next refresh. */
  readonly patch?: ((data: D, request: ActRequest, outcome: ActOutcome) => D) | undefined;
}
