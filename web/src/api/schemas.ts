import { z } from 'zod';

/** A resource as search and the lists answer it (O §3); `image` is a semicolon-separated list. */
export const RESOURCE_ITEM = z.looseObject({
  id: z.number(),
  title: z.string(),
  url_key: z.string(),
  image: z.string().nullish(),
  availability: z.string().nullish(),
});
export type ResourceItem = z.infer<typeof RESOURCE_ITEM>;

export const SEARCH_ANSWER = z.object({ resources: z.object({ items: z.array(RESOURCE_ITEM), total: z.number() }) });
export type SearchPage = z.infer<typeof SEARCH_ANSWER>['resources'];

export const LIST_ANSWER = z.object({ resources: z.array(RESOURCE_ITEM), total: z.number() });

/** A content block of a resource page (O §3). */
export const CONTENT_BLOCK = z.object({ type: z.enum(['html', 'plain']), value: z.string() });
export type ContentBlock = z.infer<typeof CONTENT_BLOCK>;

export const RESOURCE_ANSWER = z.object({
  resource: RESOURCE_ITEM.extend({ description: z.string().nullish(), content: z.array(CONTENT_BLOCK).nullish() }),
});
export type ResourceDetail = z.infer<typeof RESOURCE_ANSWER>['resource'];

export const NODES_ANSWER = z.object({
  nodes: z.array(z.looseObject({ name: z.string(), url_path: z.string(), resource_ids: z.array(z.number()).nullish() })),
});
export type CurriculumNode = z.infer<typeof NODES_ANSWER>['nodes'][number];

/** The user as the shell reads it (O §3, §6); the access fields are checked by core's accessFlags. */
export const USER = z.looseObject({
  id: z.number(),
  token: z.string().optional(),
  display_name: z.string().nullish(),
  username: z.string().nullish(),
  avatar: z.unknown().optional(),
  avatar_hash: z.string().nullish(),
  superuser: z.union([z.boolean(), z.number()]).nullish(),
  permissions: z.array(z.string()).nullish(),
});
export type User = z.infer<typeof USER>;

export const USER_ANSWER = z.object({ user: USER });
export const SIGN_IN_ANSWER = z.object({ user: USER, token: z.string() });
export const EXCHANGE_ANSWER = z.object({ sessionToken: z.string() });

/** The generate-avatar call answers a base64 image; any other shape counts as a failure (default avatar). */
export const AVATAR_ANSWER = z.union([
  z.object({ image: z.string().min(1) }).transform((a) => a.image),
  z.object({ avatar: z.string().min(1) }).transform((a) => a.avatar),
  z.string().min(1),
]);
