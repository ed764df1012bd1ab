/**
 * State and actions of the Quotas screen's store.
 */
import type {
	CreditLogEntry,
	MemberQuota,
	Operations,
	QuotaPackage,
	QuotaUsage,
} from '../../../../client/src/client';
import type { Registry } from '../notices';
import type * as selectors from './selectors';

/** What the package form sends (POST /packages, PUT /packages/{id}). */
export type PackageFields = Operations[ 'create_package' ][ 'body' ];

export type CreditType = CreditLogEntry[ 'credit_type' ];

/** A failed request, as the screen shows it: the message and the fields it names. */
export interface Failure {
	message: string;
	/** Field => message, from `data.params` (WordPress validation) or `data.param` (the handler's). */
	fields: Record< string, string >;
}

export type MembersOrderby = NonNullable<
	Operations[ 'list_member_quotas' ][ 'query' ]
>[ 'orderby' ];

export interface MembersQuery {
	search: string;
	orderby: NonNullable< MembersOrderby >;
	order: 'asc' | 'desc';
	page: number;
}

export interface QuotasState {
	/** GET /packages; null until it arrives. */
	packages: QuotaPackage[] | null;
	/** Why the last load of the packages failed (the screen offers Retry). */
	packagesError: string | null;
	/** The package form: `id` null for a new package. */
	editing: { id: number | null } | null;
	/** Package being confirmed for deletion. */
	deleting: number | null;
	/** A package write is running. */
	saving: boolean;
	/** Why the last package write failed, shown in its dialog. */
	formError: Failure | null;
	membersQuery: MembersQuery;
	/** GET /quotas/members; null until the first page arrives. */
	members: MemberQuota[] | null;
	membersTotal: number;
	membersPages: number;
	membersLoading: boolean;
	membersError: string | null;
	/** The quota of the listed members (from their rows, then the panel's writes), by user ID. */
	quotas: Record< number, QuotaUsage >;
	/** Member whose panel (assignment, credits) is open. */
	managing: number | null;
	memberBusy: boolean;
	memberError: Failure | null;
	/** The open member's credit history (GET /users/{id}/credits/history). */
	history: CreditHistory | null;
}

/** A page of a member's credit log, newest first. */
export interface CreditHistory {
	userId: number;
	page: number;
	/** Null while the page loads. */
	entries: CreditLogEntry[] | null;
	total: number;
	pages: number;
	error: string | null;
}

export type QuotasAction =
	| { type: 'PACKAGES_LOADING' }
	| { type: 'RECEIVE_PACKAGES'; packages: QuotaPackage[] }
	| { type: 'PACKAGES_FAILED'; message: string }
	| { type: 'OPEN_EDITOR'; id: number | null }
	| { type: 'CLOSE_EDITOR' }
	| { type: 'ASK_DELETE'; id: number | null }
	| { type: 'SAVE_START' }
	| { type: 'SAVE_FAILED'; error: Failure }
	| { type: 'RECEIVE_PACKAGE'; package: QuotaPackage }
	| { type: 'REMOVE_PACKAGE'; id: number }
	| { type: 'SET_MEMBERS_QUERY'; query: Partial< MembersQuery > }
	| { type: 'MEMBERS_LOADING' }
	| {
			type: 'RECEIVE_MEMBERS';
			members: MemberQuota[];
			total: number;
			pages: number;
	  }
	| { type: 'MEMBERS_FAILED'; message: string }
	| { type: 'RECEIVE_QUOTA'; quota: QuotaUsage }
	| { type: 'OPEN_MEMBER'; id: number | null }
	| { type: 'MEMBER_BUSY'; busy: boolean }
	| { type: 'MEMBER_FAILED'; error: Failure | null }
	| { type: 'RECEIVE_ADJUSTMENT'; entry: CreditLogEntry }
	| { type: 'HISTORY_LOADING'; userId: number; page: number }
	| {
			type: 'RECEIVE_HISTORY';
			userId: number;
			page: number;
			entries: CreditLogEntry[];
			total: number;
			pages: number;
	  }
	| { type: 'HISTORY_FAILED'; userId: number; message: string };

/** Selectors as a thunk sees them: bound to the store's state. */
type Bound< S > = {
	[ K in keyof S ]: S[ K ] extends (
		state: QuotasState,
		...args: infer A
	) => infer R
		? ( ...args: A ) => R
		: never;
};

export interface ThunkArgs {
	dispatch: ( action: QuotasAction | Thunk< unknown > ) => unknown;
	select: Bound< typeof selectors >;
	registry: Registry;
}

export type Thunk< R = void > = ( args: ThunkArgs ) => Promise< R > | R;
