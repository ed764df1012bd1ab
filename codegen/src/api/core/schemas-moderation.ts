/**
 * Response schemas of the moderation, AI, report and block routes: fixed
 * shapes the contract does not show (see docs/moderation.md).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { coreSchemas, removedFlag } from './schemas.js';
import { MODERATION_QUEUE, MODERATION_STATUS, REPORT_REASON } from './values.js';

const mediaItem = coreSchemas.find((s) => s.name === 'MediaItem');
if (!mediaItem) throw new Error('schemas-moderation: MediaItem is not declared');
/** The MediaItem fields, so a queue item is always exactly a media item plus its moderation facts. */
const mediaItemFields = Object.fromEntries(Object.entries(mediaItem.properties).map(([name, spec]) => [name, { spec }]));

export const moderationSchemas: readonly SchemaSpec[] = [
	schema('ModerationQueueItem', 'A queued media item: the item as its moderator sees it, plus its moderation facts.', {
		...mediaItemFields,
		moderation_status: t.oneOf(MODERATION_QUEUE).required(),
		open_reports: t.int().required().describe('Reports on the item no moderator has decided yet.'),
	}),
	schema('ModerationCounts', 'Items per moderation state, and items with open reports.', {
		pending: t.int().required(),
		flagged: t.int().required(),
		queue: t.int().required().describe('pending + flagged: what the queue lists.'),
		approved: t.int().required(),
		rejected: t.int().required(),
		open_reports: t.int().required().describe('Media items with at least one open report, in any state (what the desk\'s Reported view lists); reported members are not counted.'),
	}),
	schema('ModerationDecision', 'Outcome of an approval or rejection (idempotent: changed is false when the item already was in that state).', {
		id: t.int().required(),
		moderation_status: t.enum('approved', 'rejected').required(),
		previous_status: t.oneOf(MODERATION_STATUS).required(),
		changed: t.bool().required(),
		reason: t.string().nullable().required().describe('The rejection reason; null on approval.'),
	}),
	schema('AiAnalysis', 'Outcome of an AI analysis of one item.', {
		media_id: t.int().required(),
		provider: t.string().required(),
		model: t.string().required(),
		description: t.string().required(),
		tags: t.array(t.string()).required(),
		safety: t
			.object({
				score: t.number().required().describe('0 to 1: the model\'s safety score (HTTP provider), or the share of skin-toned pixels (local provider: a colour measure, not a safety verdict).'),
				threshold: t.number().required().describe('The ai_safety_threshold setting; a judged score at or above it flags the item.'),
				verdict: t
					.enum('safe', 'unsafe', 'not_judged')
					.required()
					.describe('not_judged: the score is the local colour measure, which flags nothing unless the ai_local_flags setting is on.'),
				basis: t.enum('model', 'skin_tone_share').required().describe('What the score is: a model\'s judgement or the local skin-tone share.'),
			})
			.required(),
		metrics: t.json().nullable().required().describe('Image measurements of the local analysis; null when the file is no decodable image.'),
		tokens: t.int().required().describe('Provider tokens used (0 for the local provider).'),
		flagged: t.bool().required().describe('Whether this analysis flagged the item.'),
		moderation_status: t.oneOf(MODERATION_STATUS).required(),
		analyzed_at: t.datetime().required(),
	}),
	schema('AiUsage', "This month's AI analyses against the monthly budget.", {
		month: t.string().required().describe('UTC calendar month, YYYY-MM.'),
		provider: t.string().required().describe('The provider new analyses use.'),
		analyses: t.int().required(),
		tokens: t.int().required(),
		budget: t.int().required().describe('Analyses allowed a month (ai_monthly_budget).'),
		remaining: t.int().required(),
		by_provider: t.json().required().describe('Per provider name: {analyses, tokens}.'),
		resets_at: t.datetime().required(),
	}),
	schema('Report', 'A report filed by the caller.', {
		id: t.int().required(),
		object_type: t.enum('media', 'user').required(),
		object_id: t.int().required(),
		reason: t.oneOf(REPORT_REASON).required(),
		details: t.string().required(),
		status: t.string().required().describe('open until a moderator decides.'),
		created_at: t.datetime().required(),
	}),
	schema('BlockState', 'Whether the caller now blocks the user.', {
		user_id: t.int().required(),
		blocked: t.bool().required(),
	}),
	schema('Unblocked', 'Outcome of DELETE /users/{id}/block: the caller no longer blocks the user.', {
		user_id: t.int().required(),
		blocked: t.bool().required(),
		deleted: removedFlag,
	}),
	schema('BlockedUser', 'A user the caller blocks.', {
		id: t.int().required(),
		display_name: t.string().required(),
		avatar_url: t.url().required(),
		blocked_at: t.datetime().required(),
	}),
];
