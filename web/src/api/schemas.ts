import * as z from 'zod/mini';

// Written with zod/mini, once. The site's build writes each schema as data read by ./answer-shape.ts
// (web/plugins/site-schemas.ts), so the bundle carries no zod: keep to what that reader knows (objects,
// strings with a minimum length, numbers, booleans, unknown, lists, optional, nullable, unions, enums).

/** A resource as search and the lists answer it (O §3); `image` is a semicolon-separated list. */
export const RESOURCE_ITEM = z.looseObject({
  id: z.number(),
  title: z.string(),
  url_key: z.string(),
  image: z.nullish(z.string()),
  availability: z.nullish(z.string()),
});
export type ResourceItem = z.infer<typeof RESOURCE_ITEM>;

export const SEARCH_ANSWER = z.object({ resources: z.object({ items: z.array(RESOURCE_ITEM), total: z.number() }) });
export type SearchPage = z.infer<typeof SEARCH_ANSWER>['resources'];

export const LIST_ANSWER = z.object({ resources: z.array(RESOURCE_ITEM), total: z.number() });

/** A content block of a resource page (O §3). */
export const CONTENT_BLOCK = z.object({ type: z.enum(['html', 'plain']), value: z.string() });
export type ContentBlock = z.infer<typeof CONTENT_BLOCK>;

/** A file of a resource: its name, type and size in bytes (the sandbox adds a title such as 'Worksheet'). */
export const RESOURCE_FILE = z.looseObject({
  id: z.number(),
  name: z.string(),
  mime: z.nullish(z.string()),
  size: z.nullish(z.number()),
  title: z.nullish(z.string()),
});
export type ResourceFile = z.infer<typeof RESOURCE_FILE>;

export const RESOURCE_ANSWER = z.object({
  resource: z.extend(RESOURCE_ITEM, {
    description: z.nullish(z.string()),
    content: z.nullish(z.array(CONTENT_BLOCK)),
    type: z.nullish(z.looseObject({ name: z.string() })),
    categories: z.nullish(z.array(z.string())),
    files: z.nullish(z.array(RESOURCE_FILE)),
  }),
});
export type ResourceDetail = z.infer<typeof RESOURCE_ANSWER>['resource'];

export const NODES_ANSWER = z.object({
  nodes: z.array(z.looseObject({ name: z.string(), url_path: z.string(), resource_ids: z.nullish(z.array(z.number())) })),
});
export type CurriculumNode = z.infer<typeof NODES_ANSWER>['nodes'][number];

/** A signed address of a file's bytes, good for a few minutes. */
export const PRESIGN_ANSWER = z.looseObject({ url: z.string().check(z.minLength(1)) });

/** The user as the shell reads it (O §3, §6); the access fields are checked by core's accessFlags. */
export const USER = z.looseObject({
  id: z.number(),
  token: z.optional(z.string()),
  display_name: z.nullish(z.string()),
  username: z.nullish(z.string()),
  avatar: z.optional(z.unknown()),
  avatar_hash: z.nullish(z.string()),
  superuser: z.nullish(z.union([z.boolean(), z.number()])),
  permissions: z.nullish(z.array(z.string())),
  literacy_access_level: z.nullish(z.string()),
});
export type User = z.infer<typeof USER>;

export const USER_ANSWER = z.object({ user: USER });
export const SIGN_IN_ANSWER = z.object({ user: USER, token: z.string() });
export const EXCHANGE_ANSWER = z.object({ sessionToken: z.string() });

const image = z.string().check(z.minLength(1));

/** The generate-avatar call answers a base64 image, as `{ image }`, `{ avatar }` or the bare text; anything else is a failure (default avatar). */
export const AVATAR_ANSWER = z.union([z.object({ image }), z.object({ avatar: image }), image]);
