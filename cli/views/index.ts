/**
 * Views for people of generated read commands: on a terminal, with no `--fields`, the answer is shown as
 * a view (a title, facts, related records a line each) instead of a table of every field. Every other
 * format prints the API's answer as it came.
 */
import type { Factory } from '../factory/factory.js';
import type { OutputPlan } from '../output/plan.js';

/** Draws one command's answer as a view; its module is loaded only when the command runs. */
type PeopleView = (f: Factory, data: unknown) => Promise<string>;

const VIEWS: Readonly<Record<string, () => Promise<PeopleView>>> = {
  'subscriptions show': async () => {
    const [{ checkedAnswer }, { subscriptionView }, { renderView }] = await Promise.all([
      import('../read/records.js'),
      import('./subscription-view.js'),
      import('../output/view.js'),
    ]);
    return async (f, data) => {
      const answer = await checkedAnswer('subscriptions show', { data }, 'GET schoolsubscriptions/{id}');
      const width = f.io.columns ?? 120;
      return renderView(
        await subscriptionView(await f.api(), answer.subscription, answer.invoices, width),
        width,
        f.colors,
      );
    };
  },
};

/**
 * Prints a read's answer as its people view, when the command has one and the plan is a terminal's
 * default table; false (nothing printed) otherwise.
 *
 * @example
 * if (await printView(c, 'subscriptions show', response.data, plan)) return;
 */
export async function printView(f: Factory, command: string, data: unknown, plan: OutputPlan): Promise<boolean> {
  const load = Object.hasOwn(VIEWS, command) ? VIEWS[command] : undefined;
  if (load === undefined || plan.format !== 'table' || plan.fields !== undefined) return false;
  f.io.stdout.write(await (await load())(f, data));
  return true;
}
