/**
 * Moderation routes (spec section "Moderation"). The old path /moderation/queue
 * is not declared: it returns 404.
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath } from './common.js';
import { MODERATION_QUEUE } from './values.js';

const moderator = auth.cap('moderate_mvs_media');

export const moderation = resource({
	name: 'moderation',
	summary: 'The moderation queue: approve, reject and AI analysis.',
	service: 'MVS_Moderation_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_moderation_queue',
			method: 'GET',
			path: '/moderation',
			summary: 'Flagged and pending items.',
			auth: moderator,
			query: {
				state: t.oneOf(MODERATION_QUEUE).describe('Only items in this state; both when omitted.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:ModerationQueueItem' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_moderation_counts',
			method: 'GET',
			path: '/moderation/counts',
			summary: 'Queue counts (pending, flagged, etc.).',
			auth: moderator,
			response: { schema: 'ModerationCounts' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'approve_media',
			method: 'POST',
			path: '/moderation/{id}/approve',
			summary: 'Approve a queued item.',
			auth: moderator,
			params: idPath,
			response: { schema: 'ModerationDecision' },
			errors: ['mvs_not_found'],
			// A moderator working through the queue decides quickly.
			rateLimit: 120,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'reject_media',
			method: 'POST',
			path: '/moderation/{id}/reject',
			summary: 'Reject a queued item, optionally recording a reason.',
			auth: moderator,
			params: idPath,
			body: {
				reason: t.text().max(1000).describe('Recorded with the rejection and sent to the owner in a notification.'),
			},
			response: { schema: 'ModerationDecision' },
			errors: ['mvs_not_found'],
			rateLimit: 120,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'analyze_media',
			method: 'POST',
			path: '/moderation/{id}/analyze',
			summary: 'Run AI description, tagging and safety analysis on an item.',
			auth: moderator,
			params: idPath,
			response: { schema: 'AiAnalysis' },
			errors: ['mvs_not_found', 'mvs_ai_budget_exceeded', 'mvs_ai_provider_error', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_ai_usage',
			method: 'GET',
			path: '/ai/usage',
			summary: 'AI usage and budget figures.',
			auth: moderator,
			response: { schema: 'AiUsage' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
