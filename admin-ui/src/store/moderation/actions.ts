/**
 * Actions of the moderation queue store: plain actions for what the screen
 * changes locally, thunks for what asks the REST routes.
 */
import { __, sprintf } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import type {
	AnalysisResult,
	DeskItem,
	DeskOrder,
	DeskPerPage,
	DeskView,
	QueueCounts,
	UndoResult,
} from '../../api/types';
import type { DeskFilters, ModerationAction, RowNotice, Thunk } from './types';
import { updateMenuBubble, writeQueryToUrl } from './url';

/** Shows the first page of another view. */
export function setView( view: DeskView ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { view, page: 1 } } );
		await dispatch( load() );
	};
}

export function setOrder( orderby: DeskOrder ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { orderby, page: 1 } } );
		await dispatch( load() );
	};
}

export function setPage( page: number ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { page } } );
		await dispatch( load() );
	};
}

export function setPerPage( perPage: DeskPerPage ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { perPage, page: 1 } } );
		await dispatch( load() );
	};
}

/** Narrows the view (type, uploader, report reason, title search) from its first page. */
export function setFilters( filters: Partial< DeskFilters > ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { ...filters, page: 1 } } );
		await dispatch( load() );
	};
}

/** Fetches the current page and the counts; a page answered after the query changed is dropped. */
export function load(): Thunk {
	return async ( { dispatch, select } ) => {
		const query = select.getQuery();
		writeQueryToUrl( query );
		dispatch( { type: 'LOAD_START' } );
		const [ list ] = await Promise.all( [
			client.call( 'list_moderation_desk', {
				query: {
					page: query.page,
					per_page: query.perPage,
					view: query.view,
					orderby: query.orderby,
					...( query.media_type
						? { media_type: query.media_type }
						: {} ),
					...( query.uploader ? { uploader: query.uploader } : {} ),
					...( query.reason ? { reason: query.reason } : {} ),
					...( query.search ? { search: query.search } : {} ),
				},
			} ),
			dispatch( refreshCounts() ),
		] );
		if ( select.getQuery() !== query ) {
			return;
		}
		if ( isOk( list ) ) {
			dispatch( {
				type: 'RECEIVE_PAGE',
				items: ( list.body as DeskItem[] | null ) ?? [],
				total: Number( list.headers[ 'x-wp-total' ] ?? 0 ),
				pages: Number( list.headers[ 'x-wp-totalpages' ] ?? 0 ),
			} );
		} else {
			dispatch( {
				type: 'RECEIVE_PAGE_FAILED',
				error: errorOf( list ).message,
			} );
		}
		dispatch( { type: 'LOAD_END' } );
		await dispatch( loadThumbnails() );
	};
}

/** The counts of the tabs, and the wp-admin menu bubble with them. */
export function refreshCounts(): Thunk {
	return async ( { dispatch } ) => {
		const counts = await client.call( 'get_moderation_counts' );
		if ( isOk( counts ) ) {
			dispatch( {
				type: 'RECEIVE_COUNTS',
				counts: counts.body as QueueCounts,
			} );
			updateMenuBubble( ( counts.body as QueueCounts ).queue );
		}
	};
}

/**
 * Signed URLs of the shown image items (the storage folder is closed to the
 * web, so a thumbnail is a signed /serve URL). The first request is a probe:
 * when the route answers an error (e.g. 501 before it ships) no more are sent.
 */
export function loadThumbnails(): Thunk {
	return async ( { dispatch, select } ) => {
		if ( select.areThumbnailsUnavailable() ) {
			return;
		}
		const wanted = select
			.getItems()
			.filter(
				( item ) =>
					'image' === item.media_type &&
					! select.getThumbnail( item.id )
			)
			.map( ( item ) => item.id );
		const [ first, ...rest ] = wanted;
		if ( undefined === first ) {
			return;
		}
		const sign = async ( id: number ) => {
			const response = await client.call( 'get_media_signed_url', {
				params: { id },
			} );
			return isOk( response ) ? response.body.url : null;
		};
		const probe = await sign( first );
		if ( null === probe ) {
			dispatch( { type: 'THUMBNAILS_UNAVAILABLE' } );
			return;
		}
		const urls: Record< number, string > = { [ first ]: probe };
		( await Promise.all( rest.map( sign ) ) ).forEach( ( url, index ) => {
			if ( url ) {
				urls[ rest[ index ]! ] = url;
			}
		} );
		dispatch( { type: 'RECEIVE_THUMBNAILS', urls } );
	};
}

export function toggleSelected(
	id: number,
	selected: boolean
): ModerationAction {
	return { type: 'SELECT', id, selected };
}

export function selectAll( selected: boolean ): ModerationAction {
	return { type: 'SELECT_ALL', selected };
}

export function openReject( ids: number[] ): ModerationAction {
	return { type: 'OPEN_REJECT', ids };
}

export function closeReject(): ModerationAction {
	return { type: 'CLOSE_REJECT' };
}

/** Asks to confirm a bulk approval (the dialog names the items). */
export function confirmApprove( ids: number[] ): ModerationAction {
	return { type: 'SET_CONFIRMING', confirming: { action: 'approve', ids } };
}

export function cancelConfirm(): ModerationAction {
	return { type: 'SET_CONFIRMING', confirming: null };
}

/** The row the keyboard shortcuts act on. */
export function setCurrent( id: number | null ): ModerationAction {
	return { type: 'SET_CURRENT', id };
}

export function setHelpOpen( open: boolean ): ModerationAction {
	return { type: 'SET_HELP', open };
}

export function closePreview(): ModerationAction {
	return { type: 'SET_PREVIEW', preview: null };
}

/**
 * Opens an item in the preview modal through a fresh signed URL (the storage
 * folder is closed to the web; moderators may have any item signed).
 */
export function openPreview( id: number ): Thunk {
	return async ( { dispatch, select } ) => {
		dispatch( { type: 'SET_CURRENT', id } );
		dispatch( {
			type: 'SET_PREVIEW',
			preview: { id, url: null, error: null },
		} );
		const response = await client.call( 'get_media_signed_url', {
			params: { id },
		} );
		if ( select.getPreview()?.id !== id ) {
			return;
		}
		dispatch( {
			type: 'SET_PREVIEW',
			preview: isOk( response )
				? { id, url: response.body.url, error: null }
				: { id, url: null, error: errorOf( response ).message },
		} );
	};
}

export function closeAnalysis(): ModerationAction {
	return { type: 'SHOW_ANALYSIS', analysis: null };
}

/** Feedback in the row, also read out by screen readers (the row notice is a live region). */
function rowNotice(
	id: number,
	status: RowNotice[ 'status' ],
	message: string,
	canUndo = false
): ModerationAction {
	return {
		type: 'ROW_NOTICE',
		id,
		notice: { status, message, undo: canUndo },
	};
}

/**
 * Approves or rejects items, one request each (there is no bulk moderation
 * route). Each row keeps its place and says what happened, with Undo; the
 * counts and the menu bubble refresh.
 */
export function moderate(
	ids: number[],
	action: 'approve' | 'reject',
	reason = ''
): Thunk {
	return async ( { dispatch, select } ) => {
		dispatch( { type: 'SET_BUSY', busy: true } );
		dispatch( { type: 'CLOSE_REJECT' } );
		dispatch( { type: 'SET_CONFIRMING', confirming: null } );
		for ( const id of ids ) {
			dispatch( { type: 'SET_WORKING', id, working: true } );
			const response =
				'approve' === action
					? await client.call( 'approve_media', { params: { id } } )
					: await client.call( 'reject_media', {
							params: { id },
							body: reason ? { reason } : {},
						} );
			dispatch( { type: 'SET_WORKING', id, working: false } );
			if ( isOk( response ) ) {
				dispatch( {
					type: 'UPDATE_ITEM',
					id,
					changes: {
						moderation_status: response.body.moderation_status,
						open_reports: 0,
					},
				} );
				dispatch(
					rowNotice(
						id,
						'success',
						'approve' === action
							? sprintf(
									/* translators: %s: item title. */
									__(
										'%s approved.',
										'media-community-service'
									),
									select.getTitle( id )
								)
							: sprintf(
									/* translators: %s: item title. */
									__(
										'%s rejected.',
										'media-community-service'
									),
									select.getTitle( id )
								),
						true
					)
				);
			} else {
				dispatch(
					rowNotice( id, 'error', errorOf( response ).message )
				);
			}
		}
		dispatch( { type: 'SET_BUSY', busy: false } );
		dispatch( { type: 'SELECT_ALL', selected: false } );
		await dispatch( refreshCounts() );
	};
}

/** Reverts the latest decision on an item through POST /moderation/{id}/undo. */
export function undo( id: number ): Thunk {
	return async ( { dispatch, select } ) => {
		dispatch( { type: 'SET_WORKING', id, working: true } );
		const response = await client.call( 'undo_moderation_decision', {
			params: { id },
		} );
		dispatch( { type: 'SET_WORKING', id, working: false } );
		if ( isOk( response ) ) {
			const body = response.body as UndoResult;
			dispatch( {
				type: 'UPDATE_ITEM',
				id,
				changes: {
					moderation_status: body.moderation_status,
					open_reports: body.reopened_reports,
					decision: null,
				},
			} );
			dispatch(
				rowNotice(
					id,
					'success',
					sprintf(
						/* translators: %s: item title. */
						__(
							'Decision on %s undone.',
							'media-community-service'
						),
						select.getTitle( id )
					)
				)
			);
		} else {
			dispatch( rowNotice( id, 'error', errorOf( response ).message ) );
		}
		await dispatch( refreshCounts() );
	};
}

/** Asks the AI provider about one item; the result is shown in the row (and stored with the item). */
export function analyze( id: number ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_WORKING', id, working: true } );
		const response = await client.call( 'analyze_media', {
			params: { id },
		} );
		dispatch( { type: 'SET_WORKING', id, working: false } );
		if ( isOk( response ) ) {
			const result = response.body as AnalysisResult;
			dispatch( {
				type: 'UPDATE_ITEM',
				id,
				changes: {
					analysis: result as unknown as Record< string, unknown >,
					moderation_status: result.moderation_status,
				},
			} );
			dispatch( { type: 'TOGGLE_EXPANDED', id } );
			dispatch(
				rowNotice(
					id,
					'success',
					__( 'Analysis done.', 'media-community-service' )
				)
			);
			await dispatch( refreshCounts() );
		} else {
			dispatch( rowNotice( id, 'error', errorOf( response ).message ) );
		}
	};
}

export function toggleExpanded( id: number ): ModerationAction {
	return { type: 'TOGGLE_EXPANDED', id };
}

export function dismissRowNotice( id: number ): ModerationAction {
	return { type: 'ROW_NOTICE', id, notice: null };
}
