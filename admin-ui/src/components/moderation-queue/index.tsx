/**
 * The moderation queue: state filter with counts, a table of items with
 * thumbnails, per-item approve / reject / analyze, bulk approve / reject,
 * pagination from X-WP-Total / X-WP-TotalPages, and an empty state.
 */
import { Button, Flex, SelectControl, Spinner } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import type { AnalysisResult as Result, QueueCounts, QueueItem, QueueState } from '../../api/types';
import { AnalysisResult } from '../analysis-result';
import { Notices, useNotices } from '../notices';
import { RejectModal } from '../reject-modal';

const PER_PAGE = 20;

/**
 * Files are served only through signed /serve URLs (the storage folder is
 * closed to the web), so a thumbnail is the signed URL of the image, asked
 * for once per item. Non-images, and images whose URL cannot be had, show
 * their media type instead.
 */
/** The moderation state as a translated word (the API answers with its stable slug). */
function stateLabel( status: string ): string {
	switch ( status ) {
		case 'pending':
			return __( 'Pending', 'media-community-service' );
		case 'flagged':
			return __( 'Flagged', 'media-community-service' );
		case 'approved':
			return __( 'Approved', 'media-community-service' );
		case 'rejected':
			return __( 'Rejected', 'media-community-service' );
		default:
			return status;
	}
}

function Thumbnail( { item, url }: { item: QueueItem; url?: string } ) {
	if ( url ) {
		return <img className="mvs-queue__thumb" src={ url } alt="" width={ 60 } height={ 60 } loading="lazy" />;
	}
	return (
		<span className="mvs-queue__thumb mvs-queue__thumb--placeholder" aria-hidden="true">
			{ item.media_type ?? '?' }
		</span>
	);
}

/**
 * Signed URLs of the image items, keyed by id. The first request is a probe:
 * when the route is unavailable (e.g. 501 before it ships) no more are sent.
 */
function useThumbnails( items: QueueItem[] ): Record< number, string > {
	const [ urls, setUrls ] = useState< Record< number, string > >( {} );
	const [ unavailable, setUnavailable ] = useState( false );
	useEffect( () => {
		if ( unavailable ) {
			return;
		}
		const wanted = items.filter( ( item ) => 'image' === item.media_type && ! urls[ item.id ] ).map( ( item ) => item.id );
		if ( 0 === wanted.length ) {
			return;
		}
		let cancelled = false;
		const sign = async ( id: number ) => {
			const response = await client.call( 'get_media_signed_url', { params: { id } } );
			return isOk( response ) ? response.body.url : null;
		};
		void ( async () => {
			const first = await sign( wanted[ 0 ]! );
			if ( null === first ) {
				if ( ! cancelled ) {
					setUnavailable( true );
				}
				return;
			}
			const rest = await Promise.all( wanted.slice( 1 ).map( sign ) );
			if ( cancelled ) {
				return;
			}
			const found: Record< number, string > = { [ wanted[ 0 ]! ]: first };
			rest.forEach( ( url, index ) => {
				if ( url ) {
					found[ wanted[ index + 1 ]! ] = url;
				}
			} );
			setUrls( ( current ) => ( { ...current, ...found } ) );
		} )();
		return () => {
			cancelled = true;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- urls is read, not a trigger.
	}, [ items, unavailable ] );
	return urls;
}

export function ModerationQueue() {
	const [ state, setState ] = useState< QueueState >( 'pending' );
	const [ page, setPage ] = useState( 1 );
	const [ items, setItems ] = useState< QueueItem[] >( [] );
	const [ total, setTotal ] = useState( 0 );
	const [ pages, setPages ] = useState( 0 );
	const [ counts, setCounts ] = useState< QueueCounts | null >( null );
	const [ loading, setLoading ] = useState( true );
	const [ busy, setBusy ] = useState( false );
	const [ selected, setSelected ] = useState< number[] >( [] );
	const [ rejecting, setRejecting ] = useState< number[] | null >( null );
	const [ analysis, setAnalysis ] = useState< { title: string; result: Result } | null >( null );
	const { notices, add, remove } = useNotices();
	const thumbnails = useThumbnails( items );

	const load = useCallback( async () => {
		setLoading( true );
		const [ list, countResponse ] = await Promise.all( [
			client.call( 'list_moderation_queue', { query: { page, per_page: PER_PAGE, state } } ),
			client.call( 'get_moderation_counts' ),
		] );
		if ( isOk( list ) ) {
			setItems( ( list.body as QueueItem[] ) ?? [] );
			setTotal( Number( list.headers[ 'x-wp-total' ] ?? 0 ) );
			setPages( Number( list.headers[ 'x-wp-totalpages' ] ?? 0 ) );
		} else {
			setItems( [] );
			add( 'error', errorOf( list ).message );
		}
		if ( isOk( countResponse ) ) {
			setCounts( countResponse.body as QueueCounts );
		} else {
			add( 'error', errorOf( countResponse ).message );
		}
		setSelected( ( ids ) => ids.filter( ( id ) => isOk( list ) && ( list.body as QueueItem[] ).some( ( item ) => item.id === id ) ) );
		setLoading( false );
	}, [ page, state, add ] );

	useEffect( () => {
		void load();
	}, [ load ] );

	const titleOf = ( id: number ) => items.find( ( item ) => item.id === id )?.title || `#${ id }`;

	/** Runs one action on several items, one request each, then reloads once. */
	const act = async ( ids: number[], action: 'approve' | 'reject', reason = '' ) => {
		setBusy( true );
		let done = 0;
		for ( const id of ids ) {
			const response =
				'approve' === action
					? await client.call( 'approve_media', { params: { id } } )
					: await client.call( 'reject_media', { params: { id }, body: reason ? { reason } : {} } );
			if ( isOk( response ) ) {
				done += 1;
			} else {
				add( 'error', sprintf( '%s: %s', titleOf( id ), errorOf( response ).message ) );
			}
		}
		if ( done > 0 ) {
			add(
				'success',
				'approve' === action
					? /* translators: %d: number of items. */ sprintf( _n( '%d item approved.', '%d items approved.', done, 'media-community-service' ), done )
					: /* translators: %d: number of items. */ sprintf( _n( '%d item rejected.', '%d items rejected.', done, 'media-community-service' ), done )
			);
		}
		setBusy( false );
		setRejecting( null );
		setSelected( [] );
		await load();
	};

	const analyze = async ( id: number ) => {
		setBusy( true );
		const response = await client.call( 'analyze_media', { params: { id } } );
		if ( isOk( response ) ) {
			setAnalysis( { title: titleOf( id ), result: response.body as Result } );
		} else {
			add( 'error', sprintf( '%s: %s', titleOf( id ), errorOf( response ).message ) );
		}
		setBusy( false );
	};

	const allSelected = items.length > 0 && selected.length === items.length;
	const countOf = ( key: QueueState ) => ( counts ? counts[ key ] : 0 );

	return (
		<div className="mvs-queue">
			<Notices notices={ notices } onRemove={ remove } />
			<Flex className="mvs-queue__toolbar" align="flex-end" justify="flex-start" gap={ 4 }>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Show', 'media-community-service' ) }
					value={ state }
					options={ [
						/* translators: %d: number of pending items. */
						{ value: 'pending', label: sprintf( __( 'Pending (%d)', 'media-community-service' ), countOf( 'pending' ) ) },
						/* translators: %d: number of flagged items. */
						{ value: 'flagged', label: sprintf( __( 'Flagged (%d)', 'media-community-service' ), countOf( 'flagged' ) ) },
					] }
					onChange={ ( value: string ) => {
						setState( value as QueueState );
						setPage( 1 );
					} }
				/>
				<p className="mvs-queue__counts" aria-live="polite">
					{ counts
						? sprintf(
								/* translators: 1: pending count, 2: flagged count. */
								__( 'Pending: %1$d · Flagged: %2$d', 'media-community-service' ),
								counts.pending,
								counts.flagged
						  )
						: '' }
				</p>
				<Button
					variant="secondary"
					disabled={ busy || 0 === selected.length }
					onClick={ () => void act( selected, 'approve' ) }
				>
					{ __( 'Approve selected', 'media-community-service' ) }
				</Button>
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy || 0 === selected.length }
					onClick={ () => setRejecting( selected ) }
				>
					{ __( 'Reject selected', 'media-community-service' ) }
				</Button>
				{ ( loading || busy ) && <Spinner /> }
			</Flex>

			{ analysis && <AnalysisResult title={ analysis.title } result={ analysis.result } onClose={ () => setAnalysis( null ) } /> }

			<table className="wp-list-table widefat fixed striped mvs-queue__table">
				<thead>
					<tr>
						<td className="manage-column check-column">
							{ /* Native checkboxes, as in core list tables: the label is for screen readers only. */ }
							<input
								type="checkbox"
								aria-label={ __( 'Select all', 'media-community-service' ) }
								checked={ allSelected }
								onChange={ ( event ) => setSelected( event.target.checked ? items.map( ( item ) => item.id ) : [] ) }
							/>
						</td>
						<th scope="col" className="mvs-queue__col-thumb">{ __( 'Preview', 'media-community-service' ) }</th>
						<th scope="col">{ __( 'Title', 'media-community-service' ) }</th>
						<th scope="col">{ __( 'State', 'media-community-service' ) }</th>
						<th scope="col">{ __( 'Reports', 'media-community-service' ) }</th>
						<th scope="col">{ __( 'Actions', 'media-community-service' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ ! loading && 0 === items.length && (
						<tr className="mvs-queue__empty">
							<td colSpan={ 6 }>
								{ 'pending' === state
									? __( 'No items are waiting for approval.', 'media-community-service' )
									: __( 'No flagged items.', 'media-community-service' ) }
							</td>
						</tr>
					) }
					{ items.map( ( item ) => {
						const title = item.title || `#${ item.id }`;
						return (
							<tr key={ item.id } data-media-id={ item.id }>
								<th scope="row" className="check-column">
									<input
										type="checkbox"
										/* translators: %s: item title. */
										aria-label={ sprintf( __( 'Select %s', 'media-community-service' ), title ) }
										checked={ selected.includes( item.id ) }
										onChange={ ( event ) => {
											const checked = event.target.checked;
											setSelected( ( ids ) => ( checked ? [ ...ids, item.id ] : ids.filter( ( id ) => id !== item.id ) ) );
										} }
									/>
								</th>
								<td>
									<Thumbnail item={ item } url={ thumbnails[ item.id ] } />
								</td>
								<td>
									<strong>{ title }</strong>
									<br />
									<span className="description">{ item.mime_type }</span>
								</td>
								<td>{ stateLabel( item.moderation_status ?? state ) }</td>
								<td>{ item.open_reports ?? 0 }</td>
								<td>
									<Flex justify="flex-start" wrap gap={ 2 }>
										<Button
											variant="primary"
											size="compact"
											disabled={ busy }
											onClick={ () => void act( [ item.id ], 'approve' ) }
											/* translators: %s: item title. */
											label={ sprintf( __( 'Approve %s', 'media-community-service' ), title ) }
											showTooltip={ false }
										>
											{ __( 'Approve', 'media-community-service' ) }
										</Button>
										<Button
											variant="secondary"
											size="compact"
											isDestructive
											disabled={ busy }
											onClick={ () => setRejecting( [ item.id ] ) }
											/* translators: %s: item title. */
											label={ sprintf( __( 'Reject %s', 'media-community-service' ), title ) }
											showTooltip={ false }
										>
											{ __( 'Reject', 'media-community-service' ) }
										</Button>
										<Button
											variant="tertiary"
											size="compact"
											disabled={ busy }
											onClick={ () => void analyze( item.id ) }
											/* translators: %s: item title. */
											label={ sprintf( __( 'Analyze %s', 'media-community-service' ), title ) }
											showTooltip={ false }
										>
											{ __( 'Analyze', 'media-community-service' ) }
										</Button>
									</Flex>
								</td>
							</tr>
						);
					} ) }
				</tbody>
			</table>

			<Flex className="mvs-queue__pagination" justify="flex-end" gap={ 2 }>
				<span className="displaying-num">
					{ /* translators: %d: number of items. */ sprintf( _n( '%d item', '%d items', total, 'media-community-service' ), total ) }
				</span>
				<Button variant="secondary" size="compact" disabled={ page <= 1 || loading } onClick={ () => setPage( page - 1 ) }>
					{ __( 'Previous page', 'media-community-service' ) }
				</Button>
				<span>
					{ /* translators: 1: current page, 2: number of pages. */ sprintf( __( 'Page %1$d of %2$d', 'media-community-service' ), page, Math.max( pages, 1 ) ) }
				</span>
				<Button variant="secondary" size="compact" disabled={ page >= pages || loading } onClick={ () => setPage( page + 1 ) }>
					{ __( 'Next page', 'media-community-service' ) }
				</Button>
			</Flex>

			{ rejecting && (
				<RejectModal
					count={ rejecting.length }
					busy={ busy }
					onCancel={ () => setRejecting( null ) }
					onConfirm={ ( reason ) => void act( rejecting, 'reject', reason ) }
				/>
			) }
		</div>
	);
}
