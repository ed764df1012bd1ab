/**
 * Report and block routes (spec section "Reports and blocking").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath, userIdPath } from './common.js';
import { REPORT_REASON } from './values.js';


const reportBody = {
	reason: t.oneOf(REPORT_REASON).required().describe('Report reason; must be an allowed reason.'),
	details: t.text().max(2000),
};

export const reports = resource({
	name: 'reports',
	summary: 'Member reports of media items and users.',
	service: 'MVS_Reports_Service',
	typedArgs: true,
	routes: [
		{
			name: 'report_media',
			method: 'POST',
			path: '/media/{id}/report',
			summary: 'Report a media item.',
			auth: auth.user(),
			rateLimit: 10,
			params: idPath,
			body: reportBody,
			response: { schema: 'Report' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_invalid_param', 'mvs_already_reported'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'report_user',
			method: 'POST',
			path: '/users/{id}/report',
			summary: 'Report a user.',
			auth: auth.user(),
			// Same figure as media reports: reports feed a human queue (docs/security.md).
			rateLimit: 10,
			params: userIdPath,
			body: reportBody,
			response: { schema: 'Report' },
			errors: ['mvs_user_not_found', 'mvs_invalid_param', 'mvs_already_reported'],
			since: '1.0.0',
			implemented: true,
		},
	],
});

export const blocks = resource({
	name: 'blocks',
	summary: 'Users a member has blocked.',
	service: 'MVS_Blocks_Service',
	typedArgs: true,
	routes: [
		{
			name: 'block_user',
			method: 'POST',
			path: '/users/{id}/block',
			summary: 'Block a user.',
			auth: auth.user(),
			params: userIdPath,
			response: { schema: 'BlockState' },
			errors: ['mvs_user_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'unblock_user',
			method: 'DELETE',
			path: '/users/{id}/block',
			summary: 'Unblock a user.',
			auth: auth.user(),
			params: userIdPath,
			response: { schema: 'Unblocked' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_blocked_users',
			method: 'GET',
			path: '/me/blocked',
			summary: 'The users the caller has blocked.',
			auth: auth.user(),
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:BlockedUser' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
