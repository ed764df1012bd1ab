import type { DeskItem } from '../../api/types';

export interface QueueRowProps {
	item: DeskItem;
	/** Columns of the table, for the expanded row's cell. */
	columns: number;
}

export interface ThumbnailProps {
	item: DeskItem;
	url?: string;
}
