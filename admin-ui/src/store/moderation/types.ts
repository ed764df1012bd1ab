/**
 * State and actions of the moderation queue store.
 */
import type {
	AnalysisResult,
	QueueCounts,
	QueueItem,
	QueueState,
} from '../../api/types';
import type { Registry } from '../notices';
import type * as selectors from './selectors';

export interface QueueQuery {
	state: QueueState;
	page: number;
}

export interface Analysis {
	title: string;
	result: AnalysisResult;
}

export interface ModerationState {
	query: QueueQuery;
	items: QueueItem[];
	total: number;
	pages: number;
	counts: QueueCounts | null;
	/** A page is being fetched (true until the first one arrives). */
	loading: boolean;
	/** An approve / reject / analyze request is running. */
	busy: boolean;
	selected: number[];
	/** Ids whose rejection reason is being asked for (the modal is open). */
	rejecting: number[] | null;
	analysis: Analysis | null;
	/** Signed URLs of image items, by id. */
	thumbnails: Record< number, string >;
	/** The signed-URL route answered an error once: no more are asked for. */
	thumbnailsUnavailable: boolean;
}

export type ModerationAction =
	| { type: 'SET_QUERY'; query: Partial< QueueQuery > }
	| { type: 'LOAD_START' }
	| { type: 'RECEIVE_PAGE'; items: QueueItem[]; total: number; pages: number }
	| { type: 'RECEIVE_PAGE_FAILED' }
	| { type: 'RECEIVE_COUNTS'; counts: QueueCounts }
	| { type: 'LOAD_END' }
	| { type: 'SET_BUSY'; busy: boolean }
	| { type: 'SELECT'; id: number; selected: boolean }
	| { type: 'SELECT_ALL'; selected: boolean }
	| { type: 'OPEN_REJECT'; ids: number[] }
	| { type: 'CLOSE_REJECT' }
	| { type: 'SHOW_ANALYSIS'; analysis: Analysis | null }
	| { type: 'RECEIVE_THUMBNAILS'; urls: Record< number, string > }
	| { type: 'THUMBNAILS_UNAVAILABLE' };

/** Selectors as a thunk sees them: bound to the store's state. */
type Bound< S > = {
	[ K in keyof S ]: S[ K ] extends (
		state: ModerationState,
		...args: infer A
	) => infer R
		? ( ...args: A ) => R
		: never;
};

export interface ThunkArgs {
	dispatch: ( action: ModerationAction | Thunk< unknown > ) => unknown;
	select: Bound< typeof selectors >;
	registry: Registry;
}

export type Thunk< R = void > = ( args: ThunkArgs ) => Promise< R > | R;
