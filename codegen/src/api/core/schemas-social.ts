/**
 * Response schemas of reactions, favorites and collections (the contract
 * shows none of these records; docs/reactions-favorites-collections.md
 * explains each choice).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { COLLECTION_TYPE, UNGROUPED_PRIVACY } from './values.js';
import { removedFlag } from './schemas.js';

const collectionFields = {
	id: t.int().required(),
	title: t.string().required(),
	type: t.oneOf(COLLECTION_TYPE).required(),
	privacy: t.oneOf(UNGROUPED_PRIVACY).required(),
	author_id: t.int().required(),
	rules: t
		.array(t.object({ field: t.string().required(), value: t.string().required() }))
		.required()
		.describe('The normalised smart rules, one {field, value} per condition (all ANDed); empty for a manual collection.'),
	item_count: t.int().required().describe('Items of the collection the caller may see.'),
	can_edit: t.bool().required(),
	created_at: t.datetime().required(),
	updated_at: t.datetime().required(),
};

const reactionSummaryFields = {
	media_id: t.int().required(),
	counts: t
		.array(t.object({ type: t.string().required(), count: t.int().required() }))
		.required()
		.describe('One entry per allowed reaction type, in the order of the mvs_reaction_types list.'),
	total: t.int().required().describe("Every reaction of the item, also of a type a filter has since removed: equals the item's reactions_count."),
	viewer_reaction: t.string().nullable().required().describe("The caller's reaction; null for visitors and members who have not reacted."),
};

const favoriteFields = {
	media_id: t.int().required(),
	is_favorited: t.bool().required(),
	collection_id: t.int().nullable().required().describe('The collection the favorite is filed under; null when none.'),
};

export const socialSchemas: readonly SchemaSpec[] = [
	schema('ReactionSummary', "An item's reactions: a count for every allowed type (zeros included), the total and the caller's own.", reactionSummaryFields),
	schema('ReactionRemoved', 'The reactions after DELETE /media/{id}/reactions, and whether it removed one.', {
		...reactionSummaryFields,
		deleted: removedFlag,
	}),
	schema('Favorite', 'Whether the caller favorited an item.', favoriteFields),
	schema('FavoriteRemoved', 'The favorite state after DELETE /media/{id}/favorite, and whether it removed one.', {
		...favoriteFields,
		deleted: removedFlag,
	}),
	schema('Collection', 'A collection as seen by the caller.', collectionFields),
	schema('CollectionWithItems', 'A collection with one page of the items the caller may see.', {
		...collectionFields,
		items: t.array(t.ref('MediaItem')).required(),
		page: t.int().required(),
		pages: t.int().required(),
	}),
];
