/**
 * Actions of the Quotas store: plain actions for what the screen changes
 * locally, thunks for what asks Pro's REST routes through the generated
 * client.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import type { MvsError, MvsResponse } from '../../../../client/src/client';
import { client, errorOf, isOk } from '../../api/client';
import { showError, showSuccess } from '../notices';
import {
	HISTORY_PER_PAGE,
	MEMBERS_PER_PAGE,
	NOTICE_CONTEXT,
} from './constants';
import type {
	CreditType,
	Failure,
	MembersQuery,
	PackageFields,
	QuotasAction,
	Thunk,
} from './types';

/** The name of a credit type, for reading. */
export function creditTypeLabel( type: CreditType ): string {
	const labels: Record< CreditType, string > = {
		image: __( 'image credits', 'media-community-service-pro' ),
		video: __( 'video credits', 'media-community-service-pro' ),
		audio: __( 'audio credits', 'media-community-service-pro' ),
	};
	return labels[ type ];
}

/** A failed response as the screen shows it, with the fields it names. */
export function failureOf( response: MvsResponse< unknown > ): Failure {
	const error: MvsError = errorOf( response );
	const fields: Record< string, string > = {};
	const params = error.data.params;
	if ( params && 'object' === typeof params ) {
		for ( const [ key, message ] of Object.entries( params ) ) {
			fields[ key ] = String( message );
		}
	}
	if ( 'string' === typeof error.data.param ) {
		fields[ error.data.param ] = error.message;
	}
	return { message: error.message, fields };
}

export function loadPackages(): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'PACKAGES_LOADING' } );
		const response = await client.call( 'list_packages' );
		if ( isOk( response ) ) {
			dispatch( { type: 'RECEIVE_PACKAGES', packages: response.body } );
		} else {
			dispatch( {
				type: 'PACKAGES_FAILED',
				message: errorOf( response ).message,
			} );
		}
	};
}

/** Opens the package form: a package's ID, or null for a new one. */
export function openEditor( id: number | null ): QuotasAction {
	return { type: 'OPEN_EDITOR', id };
}

export function closeEditor(): QuotasAction {
	return { type: 'CLOSE_EDITOR' };
}

/** Asks to confirm the deletion of a package (null closes the dialog). */
export function askDelete( id: number | null ): QuotasAction {
	return { type: 'ASK_DELETE', id };
}

/** Creates the package of the open form, or saves the one it edits. */
export function savePackage( fields: PackageFields ): Thunk< boolean > {
	return async ( { dispatch, select, registry } ) => {
		const id = select.getEditing()?.id ?? null;
		dispatch( { type: 'SAVE_START' } );
		const response =
			null === id
				? await client.call( 'create_package', { body: fields } )
				: await client.call( 'update_package', {
						params: { id },
						body: fields,
					} );
		if ( ! isOk( response ) ) {
			dispatch( { type: 'SAVE_FAILED', error: failureOf( response ) } );
			return false;
		}
		dispatch( { type: 'RECEIVE_PACKAGE', package: response.body } );
		showSuccess(
			registry,
			NOTICE_CONTEXT,
			null === id
				? sprintf(
						/* translators: %s: package name. */
						__(
							'Package "%s" created.',
							'media-community-service-pro'
						),
						response.body.name
					)
				: sprintf(
						/* translators: %s: package name. */
						__(
							'Package "%s" saved.',
							'media-community-service-pro'
						),
						response.body.name
					)
		);
		return true;
	};
}

/** Makes a package the default (the server clears the previous one). */
export function setDefault( id: number ): Thunk {
	return async ( { dispatch, registry } ) => {
		dispatch( { type: 'SAVE_START' } );
		const response = await client.call( 'update_package', {
			params: { id },
			body: { is_default: true },
		} );
		if ( ! isOk( response ) ) {
			const error = failureOf( response );
			dispatch( { type: 'SAVE_FAILED', error } );
			showError( registry, NOTICE_CONTEXT, error.message );
			return;
		}
		dispatch( { type: 'RECEIVE_PACKAGE', package: response.body } );
		showSuccess(
			registry,
			NOTICE_CONTEXT,
			sprintf(
				/* translators: %s: package name. */
				__(
					'"%s" is now the default package.',
					'media-community-service-pro'
				),
				response.body.name
			)
		);
	};
}

/** Deletes the package being confirmed; its members fall back (docs/pro-quotas.md). */
export function deletePackage( id: number ): Thunk {
	return async ( { dispatch, select, registry } ) => {
		const name = select.getPackage( id )?.name ?? String( id );
		dispatch( { type: 'SAVE_START' } );
		const response = await client.call( 'delete_package', {
			params: { id },
		} );
		if ( ! isOk( response ) ) {
			dispatch( { type: 'SAVE_FAILED', error: failureOf( response ) } );
			return;
		}
		dispatch( { type: 'REMOVE_PACKAGE', id } );
		showSuccess(
			registry,
			NOTICE_CONTEXT,
			sprintf(
				/* translators: 1: package name, 2: number of members it was assigned to. */
				_n(
					'Package "%1$s" deleted; %2$d member assigned to it falls back to their other packages.',
					'Package "%1$s" deleted; %2$d members assigned to it fall back to their other packages.',
					response.body.unassigned,
					'media-community-service-pro'
				),
				name,
				response.body.unassigned
			)
		);
	};
}

/** Changes the member list's search, order or page, and loads it. */
export function setMembersQuery( query: Partial< MembersQuery > ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_MEMBERS_QUERY', query } );
		await dispatch( loadMembers() );
	};
}

/**
 * One page of members with their quota (GET /quotas/members: one request a
 * page). A page answered after the query changed is dropped.
 */
export function loadMembers(): Thunk {
	return async ( { dispatch, select } ) => {
		const query = select.getMembersQuery();
		dispatch( { type: 'MEMBERS_LOADING' } );
		const response = await client.call( 'list_member_quotas', {
			query: {
				orderby: query.orderby,
				order: query.order,
				page: query.page,
				per_page: MEMBERS_PER_PAGE,
				...( query.search ? { search: query.search } : {} ),
			},
		} );
		if ( select.getMembersQuery() !== query ) {
			return;
		}
		if ( ! isOk( response ) ) {
			dispatch( {
				type: 'MEMBERS_FAILED',
				message: errorOf( response ).message,
			} );
			return;
		}
		dispatch( {
			type: 'RECEIVE_MEMBERS',
			members: response.body ?? [],
			total: Number( response.headers[ 'x-wp-total' ] ?? 0 ),
			pages: Number( response.headers[ 'x-wp-totalpages' ] ?? 0 ),
		} );
	};
}

/** A page of a member's credit history, newest first. */
export function loadHistory( userId: number, page = 1 ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'HISTORY_LOADING', userId, page } );
		const response = await client.call( 'list_user_credit_history', {
			params: { user_id: userId },
			query: { page, per_page: HISTORY_PER_PAGE },
		} );
		if ( ! isOk( response ) ) {
			dispatch( {
				type: 'HISTORY_FAILED',
				userId,
				message: errorOf( response ).message,
			} );
			return;
		}
		dispatch( {
			type: 'RECEIVE_HISTORY',
			userId,
			page,
			entries: response.body ?? [],
			total: Number( response.headers[ 'x-wp-total' ] ?? 0 ),
			pages: Number( response.headers[ 'x-wp-totalpages' ] ?? 0 ),
		} );
	};
}

/** Opens a member's panel (null closes it). */
export function openMember( id: number | null ): QuotasAction {
	return { type: 'OPEN_MEMBER', id };
}

/** Assigns a package to a member directly; 0 removes the assignment. */
export function assignPackage( userId: number, packageId: number ): Thunk {
	return async ( { dispatch, select, registry } ) => {
		dispatch( { type: 'MEMBER_BUSY', busy: true } );
		dispatch( { type: 'MEMBER_FAILED', error: null } );
		const response = await client.call( 'assign_user_package', {
			params: { user_id: userId },
			body: { package_id: packageId },
		} );
		dispatch( { type: 'MEMBER_BUSY', busy: false } );
		if ( ! isOk( response ) ) {
			dispatch( { type: 'MEMBER_FAILED', error: failureOf( response ) } );
			return;
		}
		dispatch( { type: 'RECEIVE_QUOTA', quota: response.body } );
		const name = select.getMember( userId )?.name ?? String( userId );
		showSuccess(
			registry,
			NOTICE_CONTEXT,
			0 === packageId
				? sprintf(
						/* translators: %s: member name. */
						__(
							'%s no longer has a package of their own.',
							'media-community-service-pro'
						),
						name
					)
				: sprintf(
						/* translators: 1: package name, 2: member name. */
						__(
							'Package "%1$s" assigned to %2$s.',
							'media-community-service-pro'
						),
						select.getPackage( packageId )?.name ?? packageId,
						name
					)
		);
	};
}

/** Adds or deducts credits of one type, with a note; true when saved. */
export function adjustCredits(
	userId: number,
	creditType: CreditType,
	amount: number,
	note: string
): Thunk< boolean > {
	return async ( { dispatch, registry } ) => {
		dispatch( { type: 'MEMBER_BUSY', busy: true } );
		dispatch( { type: 'MEMBER_FAILED', error: null } );
		const response = await client.call( 'adjust_user_credits', {
			params: { user_id: userId },
			body: {
				credit_type: creditType,
				amount,
				...( note ? { note } : {} ),
			},
		} );
		dispatch( { type: 'MEMBER_BUSY', busy: false } );
		if ( ! isOk( response ) ) {
			dispatch( { type: 'MEMBER_FAILED', error: failureOf( response ) } );
			return false;
		}
		dispatch( { type: 'RECEIVE_ADJUSTMENT', entry: response.body } );
		// The new row heads the history: show its first page again.
		void dispatch( loadHistory( userId, 1 ) );
		showSuccess(
			registry,
			NOTICE_CONTEXT,
			sprintf(
				/* translators: 1: signed change, e.g. +5, 2: credit type, 3: new balance. */
				__(
					'Credits adjusted: %1$s %2$s, balance %3$d.',
					'media-community-service-pro'
				),
				( amount > 0 ? '+' : '' ) + String( amount ),
				creditTypeLabel( creditType ),
				response.body.balance_after
			)
		);
		return true;
	};
}
