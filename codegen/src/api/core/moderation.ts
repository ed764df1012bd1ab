/**
 * Moderation routes (spec section "Moderation"). The old path /moderation/queue
 * is not declared: it returns 404.
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath } from './common.js';

const moderator = auth.cap('moderate_mvs_media');

export const moderation = resource({
	name: 'moderation',
	summary: 'The moderation queue: approve, reject and AI analysis.',
	routes: [
		{
			name: 'list_moderation_queue',
			method: 'GET',
			path: '/moderation',
			summary: 'Flagged and pending items.',
			auth: moderator,
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { note: 'Flagged and pending items; record shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'get_moderation_counts',
			method: 'GET',
			path: '/moderation/counts',
			summary: 'Queue counts (pending, flagged, etc.).',
			auth: moderator,
			response: { note: 'Queue counts such as pending and flagged; full key list not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'approve_media',
			method: 'POST',
			path: '/moderation/{id}/approve',
			summary: 'Approve a queued item.',
			auth: moderator,
			params: idPath,
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'reject_media',
			method: 'POST',
			path: '/moderation/{id}/reject',
			summary: 'Reject a queued item, optionally recording a reason.',
			auth: moderator,
			params: idPath,
			body: {
				reason: t.string().describe('Recorded with the rejection.'),
			},
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'analyze_media',
			method: 'POST',
			path: '/moderation/{id}/analyze',
			summary: 'Run AI description, tagging and safety analysis on an item.',
			auth: moderator,
			params: idPath,
			response: { note: 'Analysis outcome; shape not shown in the spec.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'get_ai_usage',
			method: 'GET',
			path: '/ai/usage',
			summary: 'AI usage and budget figures.',
			auth: moderator,
			response: { note: 'AI usage and budget figures; shape not shown in the spec.' },
			since: '1.0.0',
		},
	],
});
