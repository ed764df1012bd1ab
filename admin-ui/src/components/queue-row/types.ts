import type { QueueItem, QueueState } from '../../api/types';

export interface QueueRowProps {
	item: QueueItem;
	/** The state the queue shows: the label of an item the API answers without one. */
	state: QueueState;
}

export interface ThumbnailProps {
	item: QueueItem;
	url?: string;
}
