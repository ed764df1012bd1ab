/**
 * Access rule and grant routes (spec section "Access rules and grants").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { mediaIdPath } from './common.js';

const manageAccess = auth.owner('media_owner', { param: 'media_id', others: 'manage_mvs_access' });

export const access = resource({
	name: 'access',
	summary: 'Per-media access rules and direct access grants.',
	routes: [
		{
			name: 'list_access_rules',
			method: 'GET',
			path: '/media/{media_id}/rules',
			summary: "List an item's access rules.",
			auth: manageAccess,
			params: mediaIdPath,
			response: { note: 'Access rule records; shape not shown in the spec.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'replace_access_rules',
			method: 'POST',
			path: '/media/{media_id}/rules',
			summary: "Replace an item's full access rule set.",
			auth: manageAccess,
			rateLimit: 30,
			params: mediaIdPath,
			body: {
				rules: t
					.array(
						t.object({
							rule_type: t.string().required().describe('Must be an allowed rule type (see GET /access/options).'),
							rule_value: t.string().required(),
							price: t.number().min(0),
							currency: t.string().max(3).describe('Currency code.'),
						}),
					)
					.max(20)
					.required(),
			},
			response: { note: 'The new rule set; record shape not shown in the spec.' },
			errors: ['mvs_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
		},
		{
			name: 'delete_access_rule',
			method: 'DELETE',
			path: '/media/{media_id}/rules/{rule_id}',
			summary: 'Delete one access rule.',
			auth: manageAccess,
			params: { ...mediaIdPath, rule_id: t.id().describe('Access rule ID.') },
			response: { schema: 'Deleted' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'grant_media_access',
			method: 'POST',
			path: '/media/{media_id}/grant',
			summary: 'Grant a user direct access to an item.',
			auth: manageAccess,
			params: mediaIdPath,
			body: {
				user_id: t.id().required().describe('User to grant access to.'),
				source: t.key().default('manual').describe('Grant source; must be an allowed source.'),
				expires_at: t.datetime().describe('ISO 8601 expiry timestamp.'),
			},
			response: { note: 'The grant; record shape not shown in the spec.' },
			errors: ['mvs_not_found', 'mvs_user_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
		},
		{
			name: 'revoke_media_access',
			method: 'DELETE',
			path: '/media/{media_id}/grant/{user_id}',
			summary: "Revoke a user's direct access grant.",
			auth: manageAccess,
			params: { ...mediaIdPath, user_id: t.id().describe('User ID.') },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'list_my_grants',
			method: 'GET',
			path: '/me/grants',
			summary: 'Access grants held by the caller.',
			auth: auth.user(),
			query: {
				active_only: t.bool().default(true).describe('Exclude expired grants.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { note: 'Grant records; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'get_access_options',
			method: 'GET',
			path: '/access/options',
			summary: 'Site roles and the rule types available to members.',
			auth: auth.user(),
			response: { note: 'Roles and rule types (extensible through mvs_access_rule_types_ui); shape not shown in the spec.' },
			since: '1.0.0',
		},
	],
});
