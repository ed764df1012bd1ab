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
