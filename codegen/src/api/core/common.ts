/**
 * Parameters shared by several core routes.
 */
import { t } from '../../dsl/index.js';
import { MEDIA_TYPE } from './values.js';

export const MEDIA_ORDERBY = ['date', 'trending', 'popular'] as const;

export const idPath = { id: t.id().describe('Resource ID.') };
export const mediaIdPath = { media_id: t.id().describe('Media item ID.') };
export const userIdPath = { id: t.id().describe('User ID.') };

/** The query parameters of GET /media, shared with GET /me/media. */
export const mediaListQuery = {
	media_type: t.oneOf(MEDIA_TYPE).describe('Only items of this media type.'),
	author: t.id().describe('Only items by this author.'),
	slug: t.slug().describe('Only the item with this slug.'),
	tag: t.slug().describe('Only items tagged with this mvs_tag slug.'),
	category: t.slug().describe('Only items in this mvs_category slug.'),
	orderby: t.enum(...MEDIA_ORDERBY).default('date').extensibleBy('mvs_feed_sort_options').describe('Sort order; extensible through mvs_feed_sort_options.'),
	scope: t.enum('public', 'all').default('public').describe('public, or all (adds what the caller owns or may moderate).'),
	s: t.string().max(200).describe('Search in title and description.'),
	group_covers: t.bool().default(false).describe('Collapse gallery groups to their cover item.'),
};
