/**
 * Collection routes (spec section "Collections"). Choices the contract
 * leaves open: docs/reactions-favorites-collections.md.
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath } from './common.js';
import { COLLECTION_TYPE, UNGROUPED_PRIVACY } from './values.js';

const collectionOwner = auth.owner('collection_owner');


/** One rule of the array shape (PUT /collections/{id}/rules). */
const ruleField = t.object({
	field: t.key().required().describe('media_type, tag, category, author, date_after or date_before.'),
	value: t.string().max(200).required(),
});

export const collections = resource({
	name: 'collections',
	service: 'MVS_Collections_Service',
	typedArgs: true,
	summary: 'Collections: manual or smart (rule-resolved) sets of media.',
	routes: [
		{
			name: 'list_collections',
			method: 'GET',
			path: '/collections',
			summary: "List the caller's collections, newest first.",
			auth: auth.user(),
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:Collection' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_collection',
			method: 'POST',
			path: '/collections',
			summary: 'Create a manual or smart collection.',
			auth: auth.user(),
			body: {
				title: t.string().min(1).max(200).required(),
				type: t.oneOf(COLLECTION_TYPE).default('manual').describe('manual or smart (default not shown in the spec; our documented choice).'),
				rules: t
					.json()
					.describe('Smart rules as an object: tags (array of tag slugs, or a comma-separated string), media_type, category (slug), author (user ID), date_after, date_before (YYYY-MM-DD); all ANDed.'),
				privacy: t.oneOf(UNGROUPED_PRIVACY).default('public'),
			},
			response: { status: 201, location: '/collections/{id}', schema: 'CollectionWithItems' },
			errors: ['mvs_invalid_param', 'mvs_storage_failed'],
			rateLimit: 10,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_collection',
			method: 'GET',
			path: '/collections/{id}',
			summary: 'Read one collection with a page of its resolved items.',
			auth: auth.publicWithPrivacy(),
			params: idPath,
			query: {
				page: t.int().min(1).default(1).describe('Page of the items.'),
				per_page: t.int().range(1, 100).default(20).describe('Items per page.'),
			},
			response: { schema: 'CollectionWithItems' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_collection',
			method: 'PUT',
			path: '/collections/{id}',
			summary: 'Edit a collection.',
			auth: collectionOwner,
			params: idPath,
			body: {
				title: t.string().min(1).max(200),
				type: t.oneOf(COLLECTION_TYPE).describe('Switching to manual clears the rules; a smart collection without rules has no items.'),
				privacy: t.oneOf(UNGROUPED_PRIVACY),
			},
			response: { schema: 'CollectionWithItems' },
			errors: ['mvs_not_found', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_collection',
			method: 'DELETE',
			path: '/collections/{id}',
			summary: 'Delete a collection (its items and favorites stay).',
			auth: collectionOwner,
			params: idPath,
			response: { schema: 'Deleted' },
			errors: ['mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'set_collection_rules',
			method: 'PUT',
			path: '/collections/{id}/rules',
			summary: 'Replace the smart rules and resolve the items.',
			auth: collectionOwner,
			params: idPath,
			body: {
				rules: t.array(ruleField).max(20).required(),
			},
			response: { schema: 'CollectionWithItems' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
	],
});
