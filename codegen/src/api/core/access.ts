/**
 * Access rule and grant routes (spec section "Access rules and grants";
 * docs/access-rules-and-grants.md).
 */
import { auth, resource, t } from '../../dsl/index.js';
import { mediaIdPath } from './common.js';

const manageAccess = auth.owner('media_owner', { param: 'media_id', others: 'manage_mvs_access' });

export const access = resource({
	name: 'access',
	summary: 'Per-media access rules and direct access grants.',
	typedArgs: true,
	groups: [
		{
			name: 'access_rules',
			summary: "An item's access rules and the rule types members may choose.",
			service: 'MVS_Access_Rules_Service',
			routes: [
				{
					name: 'list_access_rules',
					method: 'GET',
					path: '/media/{media_id}/rules',
					summary: "List an item's access rules.",
					auth: manageAccess,
					params: mediaIdPath,
					response: { schema: 'list:AccessRule' },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'replace_access_rules',
					method: 'POST',
					path: '/media/{media_id}/rules',
					summary: "Replace an item's full access rule set (an empty list removes every rule).",
					auth: manageAccess,
					rateLimit: 30,
					params: mediaIdPath,
					body: {
						rules: t
							.array(
								t.object({
									rule_type: t.string().max(40).required().describe('Must be an allowed rule type (see GET /access/options).'),
									rule_value: t.string().max(200).describe('What the type takes (value_kind in GET /access/options); empty for followers and members.'),
									price: t.number().min(0).max(9999999999.99).describe('At most two decimals; stored, not charged by core.'),
									currency: t.string().max(3).describe('Three upper-case letters (ISO 4217); required with price.'),
								}),
							)
							.max(20)
							.required(),
					},
					response: { schema: 'list:AccessRule' },
					errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'delete_access_rule',
					method: 'DELETE',
					path: '/media/{media_id}/rules/{rule_id}',
					summary: 'Delete one access rule.',
					auth: manageAccess,
					params: { ...mediaIdPath, rule_id: t.id().describe('Access rule ID.') },
					response: { schema: 'Deleted' },
					errors: ['mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_access_options',
					method: 'GET',
					path: '/access/options',
					summary: 'Site roles, the rule types available to members and the grant sources.',
					auth: auth.user(),
					response: { schema: 'AccessOptions' },
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'access_grants',
			summary: 'Direct grants of one item to one member.',
			service: 'MVS_Access_Grants_Service',
			routes: [
				{
					name: 'grant_media_access',
					method: 'POST',
					path: '/media/{media_id}/grant',
					summary: 'Grant a user direct access to an item (again: updates the grant).',
					auth: manageAccess,
					params: mediaIdPath,
					body: {
						user_id: t.id().required().describe('User to grant access to.'),
						source: t.key().max(40).default('manual').describe('Grant source; must be an allowed source (filter mvs_access_grant_sources).'),
						expires_at: t.datetime().describe('ISO 8601 expiry timestamp, in the future; absent: never expires.'),
					},
					response: { schema: 'AccessGrant' },
					errors: ['mvs_not_found', 'mvs_user_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'revoke_media_access',
					method: 'DELETE',
					path: '/media/{media_id}/grant/{user_id}',
					summary: "Revoke a user's direct access grant.",
					auth: manageAccess,
					params: { ...mediaIdPath, user_id: t.id().describe('User ID.') },
					response: { schema: 'AccessGrantRemoved' },
					errors: ['mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
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
					response: { schema: 'list:MyAccessGrant' },
					since: '1.0.0',
					implemented: true,
				},
			],
		},
	],
});
