import { queryFromSearch } from './url';
import type { ModerationAction, ModerationState } from './types';

export const initialState: ModerationState = {
	query: queryFromSearch(
		'undefined' === typeof window ? '' : window.location.search
	),
	items: [],
	total: 0,
	pages: 0,
	counts: null,
	loading: true,
	error: null,
	rowNotices: {},
	expanded: [],
	working: [],
	busy: false,
	selected: [],
	rejecting: null,
	analysis: null,
	thumbnails: {},
	thumbnailsUnavailable: false,
	current: null,
	preview: null,
	confirming: null,
	helpOpen: false,
};

export function reducer(
	state: ModerationState = initialState,
	action: ModerationAction
): ModerationState {
	switch ( action.type ) {
		case 'SET_QUERY':
			return { ...state, query: { ...state.query, ...action.query } };
		case 'LOAD_START':
			return { ...state, loading: true, error: null };
		case 'RECEIVE_PAGE': {
			const ids = action.items.map( ( item ) => item.id );
			return {
				...state,
				items: action.items,
				rowNotices: {},
				total: action.total,
				pages: action.pages,
				// A selection survives a reload only for the rows still shown.
				selected: state.selected.filter( ( id ) => ids.includes( id ) ),
				current:
					null !== state.current && ids.includes( state.current )
						? state.current
						: null,
			};
		}
		case 'RECEIVE_PAGE_FAILED':
			return { ...state, items: [], selected: [], error: action.error };
		case 'ROW_NOTICE': {
			const rowNotices = { ...state.rowNotices };
			if ( action.notice ) {
				rowNotices[ action.id ] = action.notice;
			} else {
				delete rowNotices[ action.id ];
			}
			return { ...state, rowNotices };
		}
		case 'UPDATE_ITEM':
			return {
				...state,
				items: state.items.map( ( item ) =>
					item.id === action.id
						? { ...item, ...action.changes }
						: item
				),
			};
		case 'TOGGLE_EXPANDED':
			return {
				...state,
				expanded: state.expanded.includes( action.id )
					? state.expanded.filter( ( id ) => id !== action.id )
					: [ ...state.expanded, action.id ],
			};
		case 'SET_WORKING':
			return {
				...state,
				working: action.working
					? [ ...state.working, action.id ]
					: state.working.filter( ( id ) => id !== action.id ),
			};
		case 'RECEIVE_COUNTS':
			return { ...state, counts: action.counts };
		case 'LOAD_END':
			return { ...state, loading: false };
		case 'SET_BUSY':
			return { ...state, busy: action.busy };
		case 'SELECT':
			if ( action.selected ) {
				return state.selected.includes( action.id )
					? state
					: { ...state, selected: [ ...state.selected, action.id ] };
			}
			return {
				...state,
				selected: state.selected.filter( ( id ) => id !== action.id ),
			};
		case 'SELECT_ALL':
			return {
				...state,
				selected: action.selected
					? state.items.map( ( item ) => item.id )
					: [],
			};
		case 'OPEN_REJECT':
			return { ...state, rejecting: action.ids };
		case 'CLOSE_REJECT':
			return { ...state, rejecting: null };
		case 'SHOW_ANALYSIS':
			return { ...state, analysis: action.analysis };
		case 'RECEIVE_THUMBNAILS':
			return {
				...state,
				thumbnails: { ...state.thumbnails, ...action.urls },
			};
		case 'THUMBNAILS_UNAVAILABLE':
			return { ...state, thumbnailsUnavailable: true };
		case 'SET_CURRENT':
			return { ...state, current: action.id };
		case 'SET_PREVIEW':
			return { ...state, preview: action.preview };
		case 'SET_CONFIRMING':
			return { ...state, confirming: action.confirming };
		case 'SET_HELP':
			return { ...state, helpOpen: action.open };
		default:
			return state;
	}
}
