/**
 * Actions of the moderation queue store: plain actions for what the screen
 * changes locally, thunks for what asks the REST routes.
 */
import { _n, sprintf } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import type {
	AnalysisResult,
	QueueCounts,
	QueueItem,
	QueueState,
} from '../../api/types';
import { showError, showSuccess } from '../notices';
import { NOTICE_CONTEXT, PER_PAGE } from './constants';
import type { ModerationAction, Thunk } from './types';

/** Shows the first page of another state. */
export function setFilter( state: QueueState ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { state, page: 1 } } );
		await dispatch( load() );
	};
}

export function setPage( page: number ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'SET_QUERY', query: { page } } );
		await dispatch( load() );
	};
}

/** Fetches the current page and the counts; a page answered after the query changed is dropped. */
export function load(): Thunk {
	return async ( { dispatch, select, registry } ) => {
		const query = select.getQuery();
		dispatch( { type: 'LOAD_START' } );
		const [ list, counts ] = await Promise.all( [
			client.call( 'list_moderation_queue', {
				query: {
					page: query.page,
					per_page: PER_PAGE,
					state: query.state,
				},
			} ),
			client.call( 'get_moderation_counts' ),
		] );
		if ( select.getQuery() !== query ) {
			return;
		}
		if ( isOk( list ) ) {
			dispatch( {
				type: 'RECEIVE_PAGE',
				items: ( list.body as QueueItem[] | null ) ?? [],
				total: Number( list.headers[ 'x-wp-total' ] ?? 0 ),
				pages: Number( list.headers[ 'x-wp-totalpages' ] ?? 0 ),
			} );
		} else {
			dispatch( { type: 'RECEIVE_PAGE_FAILED' } );
			showError( registry, NOTICE_CONTEXT, errorOf( list ).message );
		}
		if ( isOk( counts ) ) {
			dispatch( {
				type: 'RECEIVE_COUNTS',
				counts: counts.body as QueueCounts,
			} );
		} else {
			showError( registry, NOTICE_CONTEXT, errorOf( counts ).message );
		}
		dispatch( { type: 'LOAD_END' } );
		await dispatch( loadThumbnails() );
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

export function closeAnalysis(): ModerationAction {
	return { type: 'SHOW_ANALYSIS', analysis: null };
}

/**
 * Approves or rejects items, one request each (there is no bulk moderation
 * route), names each failure, counts the successes in one snackbar, then
 * reloads once.
 */
export function moderate(
	ids: number[],
	action: 'approve' | 'reject',
	reason = ''
): Thunk {
	return async ( { dispatch, select, registry } ) => {
		dispatch( { type: 'SET_BUSY', busy: true } );
		let done = 0;
		for ( const id of ids ) {
			const response =
				'approve' === action
					? await client.call( 'approve_media', { params: { id } } )
					: await client.call( 'reject_media', {
							params: { id },
							body: reason ? { reason } : {},
						} );
			if ( isOk( response ) ) {
				done += 1;
			} else {
				showError(
					registry,
					NOTICE_CONTEXT,
					sprintf(
						'%1$s: %2$s',
						select.getTitle( id ),
						errorOf( response ).message
					)
				);
			}
		}
		if ( done > 0 ) {
			showSuccess(
				registry,
				NOTICE_CONTEXT,
				'approve' === action
					? /* translators: %d: number of items. */ sprintf(
							_n(
								'%d item approved.',
								'%d items approved.',
								done,
								'media-community-service'
							),
							done
						)
					: /* translators: %d: number of items. */ sprintf(
							_n(
								'%d item rejected.',
								'%d items rejected.',
								done,
								'media-community-service'
							),
							done
						)
			);
		}
		dispatch( { type: 'SET_BUSY', busy: false } );
		dispatch( { type: 'CLOSE_REJECT' } );
		dispatch( { type: 'SELECT_ALL', selected: false } );
		await dispatch( load() );
	};
}

/** Asks the AI provider about one item and shows what it answered. */
export function analyze( id: number ): Thunk {
	return async ( { dispatch, select, registry } ) => {
		dispatch( { type: 'SET_BUSY', busy: true } );
		const response = await client.call( 'analyze_media', {
			params: { id },
		} );
		if ( isOk( response ) ) {
			dispatch( {
				type: 'SHOW_ANALYSIS',
				analysis: {
					title: select.getTitle( id ),
					result: response.body as AnalysisResult,
				},
			} );
		} else {
			showError(
				registry,
				NOTICE_CONTEXT,
				sprintf(
					'%1$s: %2$s',
					select.getTitle( id ),
					errorOf( response ).message
				)
			);
		}
		dispatch( { type: 'SET_BUSY', busy: false } );
	};
}
