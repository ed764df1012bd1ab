import type { QuotaPackage } from '../../../../client/src/client';
import type { QuotasAction, QuotasState } from './types';

export const initialState: QuotasState = {
	packages: null,
	packagesError: null,
	editing: null,
	deleting: null,
	saving: false,
	formError: null,
	membersQuery: { search: '', orderby: 'name', order: 'asc', page: 1 },
	members: null,
	membersTotal: 0,
	membersPages: 0,
	membersLoading: false,
	membersError: null,
	quotas: {},
	managing: null,
	memberBusy: false,
	memberError: null,
	history: null,
};

/** The list with `saved` in place (or added), in display order; one default at a time, as the server keeps it. */
function upsert(
	packages: QuotaPackage[],
	saved: QuotaPackage
): QuotaPackage[] {
	const others = packages
		.filter( ( row ) => row.id !== saved.id )
		.map( ( row ) =>
			saved.is_default && row.is_default
				? { ...row, is_default: false }
				: row
		);
	return [ ...others, saved ].sort(
		( a, b ) => a.sort_order - b.sort_order || a.id - b.id
	);
}

export function reducer(
	state: QuotasState = initialState,
	action: QuotasAction
): QuotasState {
	switch ( action.type ) {
		case 'PACKAGES_LOADING':
			return { ...state, packagesError: null };
		case 'RECEIVE_PACKAGES':
			return {
				...state,
				packages: action.packages,
				packagesError: null,
			};
		case 'PACKAGES_FAILED':
			return { ...state, packagesError: action.message };
		case 'OPEN_EDITOR':
			return {
				...state,
				editing: { id: action.id },
				formError: null,
			};
		case 'CLOSE_EDITOR':
			return { ...state, editing: null, formError: null };
		case 'ASK_DELETE':
			return { ...state, deleting: action.id, formError: null };
		case 'SAVE_START':
			return { ...state, saving: true, formError: null };
		case 'SAVE_FAILED':
			return { ...state, saving: false, formError: action.error };
		case 'RECEIVE_PACKAGE':
			return {
				...state,
				saving: false,
				editing: null,
				packages: upsert( state.packages ?? [], action.package ),
			};
		case 'REMOVE_PACKAGE':
			return {
				...state,
				saving: false,
				deleting: null,
				packages: ( state.packages ?? [] ).filter(
					( row ) => row.id !== action.id
				),
			};
		case 'SET_MEMBERS_QUERY':
			return {
				...state,
				membersQuery: { ...state.membersQuery, ...action.query },
			};
		case 'MEMBERS_LOADING':
			return { ...state, membersLoading: true, membersError: null };
		case 'RECEIVE_MEMBERS': {
			const quotas = { ...state.quotas };
			for ( const member of action.members ) {
				quotas[ member.id ] = member.quota;
			}
			return {
				...state,
				membersLoading: false,
				members: action.members,
				membersTotal: action.total,
				membersPages: action.pages,
				quotas,
			};
		}
		case 'MEMBERS_FAILED':
			return {
				...state,
				membersLoading: false,
				membersError: action.message,
			};
		case 'RECEIVE_QUOTA':
			return {
				...state,
				quotas: {
					...state.quotas,
					[ action.quota.user_id ]: action.quota,
				},
			};
		case 'OPEN_MEMBER':
			return {
				...state,
				managing: action.id,
				memberError: null,
				memberBusy: false,
				history: null,
			};
		case 'MEMBER_BUSY':
			return { ...state, memberBusy: action.busy };
		case 'MEMBER_FAILED':
			return { ...state, memberError: action.error };
		case 'RECEIVE_ADJUSTMENT': {
			const { entry } = action;
			const quota = state.quotas[ entry.user_id ];
			return {
				...state,
				// The answer is the new balance: the row shows it without a re-read.
				quotas: quota
					? {
							...state.quotas,
							[ entry.user_id ]: {
								...quota,
								credits: {
									...quota.credits,
									[ entry.credit_type ]: entry.balance_after,
								},
							},
						}
					: state.quotas,
			};
		}
		case 'HISTORY_LOADING':
			return {
				...state,
				history: {
					userId: action.userId,
					page: action.page,
					entries: null,
					total:
						state.history?.userId === action.userId
							? state.history.total
							: 0,
					pages:
						state.history?.userId === action.userId
							? state.history.pages
							: 0,
					error: null,
				},
			};
		case 'RECEIVE_HISTORY':
			return state.history?.userId === action.userId &&
				state.history.page === action.page
				? {
						...state,
						history: {
							...state.history,
							entries: action.entries,
							total: action.total,
							pages: action.pages,
						},
					}
				: state;
		case 'HISTORY_FAILED':
			return state.history?.userId === action.userId
				? {
						...state,
						history: { ...state.history, error: action.message },
					}
				: state;
		default:
			return state;
	}
}
