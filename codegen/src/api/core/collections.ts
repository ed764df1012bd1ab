/**
 * Collection routes (spec section "Collections").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { PRIVACY, idPath } from './common.js';

const collectionOwner = auth.owner('collection_owner');

export const collections = resource({
	name: 'collections',
	summary: 'Collections: manual or smart (rule-resolved) sets of media.',
	routes: [
		{
			name: 'list_collections',
			method: 'GET',
			path: '/collections',
			summary: "List the caller's collections.",
			auth: auth.user(),
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { note: 'Collection records; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'create_collection',
			method: 'POST',
			path: '/collections',
			summary: 'Create a manual or smart collection.',
			auth: auth.user(),
			body: {
				title: t.string().min(1).max(200).required(),
				type: t.enum('manual', 'smart').default('manual').describe('manual or smart (default not shown in the spec; our documented choice).'),
				rules: t.json().describe('Smart rules, e.g. { tags: [tag slugs], media_type: string }.'),
				privacy: t.enum(...PRIVACY),
			},
			response: { status: 201, location: '/collections/{id}', note: 'The collection; record shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'get_collection',
			method: 'GET',
			path: '/collections/{id}',
			summary: 'Read one collection with its resolved items.',
			auth: auth.publicWithPrivacy(),
			params: idPath,
			response: { note: 'The collection with its resolved item list; record shape not shown in the spec.' },
			errors: ['mvs_forbidden', 'mvs_not_found'],
			since: '1.0.0',
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
				type: t.enum('manual', 'smart'),
				privacy: t.enum(...PRIVACY),
			},
			response: { note: 'The updated collection; record shape not shown in the spec.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'delete_collection',
			method: 'DELETE',
			path: '/collections/{id}',
			summary: 'Delete a collection.',
			auth: collectionOwner,
			params: idPath,
			response: { schema: 'Deleted' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'set_collection_rules',
			method: 'PUT',
			path: '/collections/{id}/rules',
			summary: 'Replace the smart rules and resolve the items.',
			auth: collectionOwner,
			params: idPath,
			body: {
				rules: t.array(t.object({ field: t.string().required(), value: t.string().required() })).max(20).required(),
			},
			response: { note: 'The collection with its resolved items; record shape not shown in the spec.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
	],
});
