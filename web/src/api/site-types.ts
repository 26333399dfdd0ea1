/**
 * The types of what the site reads, all from core's reply shapes (core/shapes) through the table's
 * entries: nothing here restates a field.
 */
import type { ReplyOf } from '../../../core/endpoints/methods.js';
import type { SiteCall, SiteEntry } from './site-commands.js';

/** What a site call answers, as its entry's reply declares. */
export type SiteAnswer<C extends SiteCall> = ReplyOf<SiteEntry<C>>;

/** The signed-in user (core's `session_user`). */
export type User = SiteAnswer<'me'>['user'];
/** One page of the resources search. */
export type SearchPage = SiteAnswer<'search'>['resources'];
/** A resource as search and the lists answer it (core's `resource_item`). */
export type ResourceItem = SearchPage['items'][number];
/** A resource in full (core's `resource`). */
export type ResourceDetail = SiteAnswer<'byKey'>['resource'];
export type ResourceFile = ResourceDetail['files'][number];
export type ContentBlock = ResourceDetail['content'][number];
/** A browse category (core's `curriculum_node`). */
export type CurriculumNode = SiteAnswer<'nodes'>['nodes'][number];
/** A kind of resource and how many have it (core's `resource_type`). */
export type ResourceType = SiteAnswer<'types'>['types'][number];
