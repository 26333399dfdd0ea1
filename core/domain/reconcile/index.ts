/** Reconciling bank statements with invoices: readers, matcher, generator. */
export * from './book.js';
export * from './csv.js';
export * from './decode.js';
export * from './generate.js';
export * from './render.js';
export * from './synthetic-book.js';
export * from './line.js';
export * from './match.js';
export * from './names.js';
export * from './statement.js';
export * from './values.js';
export * from './plan.js';
export * from './payer-conflict.js';
export * from './payment-check.js';
