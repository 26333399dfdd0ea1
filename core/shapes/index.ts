/** Reply shapes: the language (`define.ts`), the resources declared in it, and the schemas built from them. */
export { defineShape, inline, listOf, listItem, nullable, optional, shapeKeys, type OptionalList, type ObjectShape, type Reply, type ReplyType, type ReplyValue, type ValueOf } from './define.js';
export { replyProblems, replySchema, type ReplyProblem, type Strictness } from './schema.js';
export { mainValue, replyFieldNames, type MainValue } from './reply.js';
export { INVOICE } from './invoice.js';

import type { ValueOf } from './define.js';
import type { INVOICE } from './invoice.js';

/** An invoice as the API answers it. */
export type Invoice = ValueOf<typeof INVOICE>;
