/**
 * Shapes of the moderation routes. The contract leaves them "not shown", so
 * the DSL types them `unknown`; these are the shapes the plugin answers with
 * (see the moderation service and plugin-core/docs).
 */
import type { MediaItem } from '../../../codegen/out/client';

export type QueueState = 'pending' | 'flagged';

/** A queue item: the media item plus its moderation state and open reports. */
export interface QueueItem extends Partial< MediaItem > {
	id: number;
	moderation_status?: string;
	open_reports?: number;
}

export interface QueueCounts {
	pending: number;
	flagged: number;
	queue?: number;
	approved?: number;
	rejected?: number;
	open_reports?: number;
}

export interface AnalysisResult {
	media_id?: number;
	provider?: string;
	model?: string;
	description?: string;
	tags?: string[];
	safety?: { score?: number; threshold?: number; verdict?: 'safe' | 'unsafe' };
	[ key: string ]: unknown;
}
