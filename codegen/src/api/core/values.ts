/**
 * Closed value sets of the core plugin, each declared once: the columns that
 * hold one (tables.ts) and the fields that accept or answer one name it, and
 * MVS_Core_Enums and the generated client carry it to PHP and the specs.
 */
import { valueSet } from '../../dsl/index.js';

export const PRIVACY = valueSet('privacy', 'Who may see a media item or an album.', ['public', 'members', 'group', 'private']);

/** Collections have no group, and neither has the site's default for new items. */
export const UNGROUPED_PRIVACY = valueSet('ungrouped_privacy', 'Privacy levels that name no group: a collection\'s, and the site\'s default for new items.', [
	'public',
	'members',
	'private',
]);

export const MEDIA_TYPE = valueSet('media_type', 'Kinds of media item.', ['image', 'video', 'audio', 'document']);

export const MODERATION_STATUS = valueSet('moderation_status', 'Moderation states of a media item (docs/moderation.md).', ['pending', 'flagged', 'approved', 'rejected']);

export const MODERATION_QUEUE = valueSet('moderation_queue', 'Moderation states the moderation queue lists: those awaiting a decision.', ['pending', 'flagged']);

/** Views of the wp-admin moderation desk (docs/moderation.md, "Moderation desk"). */
export const DESK_VIEW = valueSet('desk_view', 'Views of the moderation desk.', ['waiting', 'pending', 'flagged', 'reported', 'approved', 'rejected']);

export const DESK_ORDER = valueSet('desk_order', 'Orders of the moderation desk.', ['oldest', 'newest', 'reports']);

/** The contract leaves the list open; see docs/moderation.md. */
export const REPORT_REASON = valueSet('report_reason', 'Reasons a member may give for a report.', [
	'spam',
	'harassment',
	'hate',
	'nudity',
	'violence',
	'copyright',
	'misinformation',
	'impersonation',
	'other',
]);

export const COLLECTION_TYPE = valueSet('collection_type', 'Kinds of collection: hand-picked, or resolved from rules.', ['manual', 'smart']);

/** The contract gives `grid` as an example and leaves the list open (docs/native-app.md). */
export const APP_LAYOUT = valueSet('app_layout', 'Layouts a native client opens its media browser with.', ['grid', 'list', 'masonry']);

/** What an activity event records (docs/activity-and-feed.md). */
export const ACTIVITY_TYPE = valueSet('activity_type', 'Kinds of activity event: an upload, an album created, a comment, a reaction.', ['upload', 'album', 'comment', 'reaction']);
