/**
 * Shapes of the moderation routes, as the DSL declares them (the generated
 * client's types, under the names the screens use).
 */
import type { ModerationQueueItem } from '../../../client/src/client';

export type {
	AiAnalysis as AnalysisResult,
	ModerationCounts as QueueCounts,
	ModerationQueueItem as QueueItem,
} from '../../../client/src/client';

export type QueueState = ModerationQueueItem[ 'moderation_status' ];

export type {
	ModerationDeskItem as DeskItem,
	ModerationUndo as UndoResult,
} from '../../../client/src/client';

/** Views and orders of the moderation desk (GET /moderation/desk). */
export type DeskView =
	'waiting' | 'pending' | 'flagged' | 'reported' | 'approved' | 'rejected';
export type DeskOrder = 'oldest' | 'newest' | 'reports';

/** Media types and report reasons, as the desk filters by them. */
export type DeskMediaType =
	import( '../../../client/src/client' ).ModerationDeskItem[ 'media_type' ];
export type DeskReason =
	import( '../../../client/src/client' ).ModerationDeskItem[ 'reasons' ][ number ][ 'reason' ];
/** Rows per page the desk offers. */
export type DeskPerPage = 20 | 50 | 100;
