/**
 * State and actions of the moderation queue store.
 */
import type {
	AnalysisResult,
	DeskItem,
	DeskMediaType,
	DeskOrder,
	DeskPerPage,
	DeskReason,
	DeskView,
	QueueCounts,
} from '../../api/types';
import type { Registry } from '../notices';
import type * as selectors from './selectors';

/** What narrows a view (null or '': no filter). */
export interface DeskFilters {
	media_type: DeskMediaType | null;
	uploader: number | null;
	reason: DeskReason | null;
	search: string;
}

/** What the desk shows; kept in the URL so a reload keeps it. */
export interface QueueQuery extends DeskFilters {
	view: DeskView;
	orderby: DeskOrder;
	page: number;
	perPage: DeskPerPage;
}

/** A bulk approval waiting for its confirmation. */
export interface BulkConfirm {
	action: 'approve';
	ids: number[];
}

/** The item shown in the preview modal, with its signed URL once signed. */
export interface Preview {
	id: number;
	url: string | null;
	error: string | null;
}

/** Feedback shown in the row that caused it; `undo` offers to revert the decision. */
export interface RowNotice {
	status: 'success' | 'error';
	message: string;
	undo: boolean;
}

export interface Analysis {
	title: string;
	result: AnalysisResult;
}

export interface ModerationState {
	query: QueueQuery;
	items: DeskItem[];
	total: number;
	pages: number;
	counts: QueueCounts | null;
	/** A page is being fetched (true until the first one arrives). */
	loading: boolean;
	/** Why the last page failed to load; null when it loaded. */
	error: string | null;
	/** Feedback per row id. */
	rowNotices: Record< number, RowNotice >;
	/** Rows whose reports and analysis are shown. */
	expanded: number[];
	/** Rows with a request running. */
	working: number[];
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
	/** The row the keyboard shortcuts act on. */
	current: number | null;
	preview: Preview | null;
	confirming: BulkConfirm | null;
	/** The keyboard shortcuts' help panel is open. */
	helpOpen: boolean;
}

export type ModerationAction =
	| { type: 'SET_QUERY'; query: Partial< QueueQuery > }
	| { type: 'LOAD_START' }
	| { type: 'RECEIVE_PAGE'; items: DeskItem[]; total: number; pages: number }
	| { type: 'RECEIVE_PAGE_FAILED'; error: string }
	| { type: 'ROW_NOTICE'; id: number; notice: RowNotice | null }
	| { type: 'UPDATE_ITEM'; id: number; changes: Partial< DeskItem > }
	| { type: 'TOGGLE_EXPANDED'; id: number }
	| { type: 'SET_WORKING'; id: number; working: boolean }
	| { type: 'RECEIVE_COUNTS'; counts: QueueCounts }
	| { type: 'LOAD_END' }
	| { type: 'SET_BUSY'; busy: boolean }
	| { type: 'SELECT'; id: number; selected: boolean }
	| { type: 'SELECT_ALL'; selected: boolean }
	| { type: 'OPEN_REJECT'; ids: number[] }
	| { type: 'CLOSE_REJECT' }
	| { type: 'SHOW_ANALYSIS'; analysis: Analysis | null }
	| { type: 'RECEIVE_THUMBNAILS'; urls: Record< number, string > }
	| { type: 'THUMBNAILS_UNAVAILABLE' }
	| { type: 'SET_CURRENT'; id: number | null }
	| { type: 'SET_PREVIEW'; preview: Preview | null }
	| { type: 'SET_CONFIRMING'; confirming: BulkConfirm | null }
	| { type: 'SET_HELP'; open: boolean };

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
