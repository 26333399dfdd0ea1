/** One line of a reconcile plan: the statement line, its class, the invoices it marks paid, its candidates and why. */
import { z } from 'zod';
import { statementLineSchema } from './line.js';
import { candidateSchema, LINE_CLASSES } from './verdict.js';

export const reconcileLineSchema = statementLineSchema.extend({
  class: z.enum(LINE_CLASSES),
  /** Invoice ids this line marks paid: empty unless confident or accepted. */
  invoices: z.array(z.number().int().positive()),
  candidates: z.array(candidateSchema),
  note: z.string(),
  /** Set by --accept: a person chose the invoices. */
  accepted: z.boolean().optional(),
  /** Set by the review screen: a person rejected what the matcher had; the line marks nothing. */
  rejected: z.boolean().optional(),
});
export type ReconcileLine = z.infer<typeof reconcileLineSchema>;
