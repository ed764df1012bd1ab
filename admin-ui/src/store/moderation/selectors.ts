import type { DeskItem } from '../../api/types';
import type {
	Analysis,
	BulkConfirm,
	ModerationState,
	Preview,
	QueueQuery,
	RowNotice,
} from './types';

export function getQuery( state: ModerationState ): QueueQuery {
	return state.query;
}

/** The rows of the current page (the resolver loads the first page). */
export function getItems( state: ModerationState ): DeskItem[] {
	return state.items;
}

export function getTotal( state: ModerationState ): number {
	return state.total;
}

export function getPages( state: ModerationState ): number {
	return state.pages;
}

export function getCounts(
	state: ModerationState
): ModerationState[ 'counts' ] {
	return state.counts;
}

export function isLoading( state: ModerationState ): boolean {
	return state.loading;
}

export function isBusy( state: ModerationState ): boolean {
	return state.busy;
}

export function getSelected( state: ModerationState ): number[] {
	return state.selected;
}

export function isSelected( state: ModerationState, id: number ): boolean {
	return state.selected.includes( id );
}

export function isAllSelected( state: ModerationState ): boolean {
	return (
		state.items.length > 0 && state.selected.length === state.items.length
	);
}

export function getRejecting( state: ModerationState ): number[] | null {
	return state.rejecting;
}

export function getAnalysis( state: ModerationState ): Analysis | null {
	return state.analysis;
}

export function getThumbnail(
	state: ModerationState,
	id: number
): string | undefined {
	return state.thumbnails[ id ];
}

export function areThumbnailsUnavailable( state: ModerationState ): boolean {
	return state.thumbnailsUnavailable;
}

/** An item's title for messages; untitled items are named by id. */
export function getTitle( state: ModerationState, id: number ): string {
	return state.items.find( ( item ) => item.id === id )?.title || `#${ id }`;
}

export function getError( state: ModerationState ): string | null {
	return state.error;
}

export function getRowNotice(
	state: ModerationState,
	id: number
): RowNotice | null {
	return state.rowNotices[ id ] ?? null;
}

export function isExpanded( state: ModerationState, id: number ): boolean {
	return state.expanded.includes( id );
}

export function isWorking( state: ModerationState, id: number ): boolean {
	return state.working.includes( id );
}

export function getItem(
	state: ModerationState,
	id: number
): DeskItem | undefined {
	return state.items.find( ( item ) => item.id === id );
}

/** The row the keyboard shortcuts act on. */
export function getCurrent( state: ModerationState ): number | null {
	return state.current;
}

export function getPreview( state: ModerationState ): Preview | null {
	return state.preview;
}

export function getConfirming( state: ModerationState ): BulkConfirm | null {
	return state.confirming;
}

export function isHelpOpen( state: ModerationState ): boolean {
	return state.helpOpen;
}
