/**
 * The moderation desk: views (everything waiting, pending, flagged,
 * reported, approved, rejected) with counts, an order, a table of items
 * (`QueueRow`), bulk approve (confirmed, naming the items) / reject,
 * filters and items per page, a preview modal, keyboard shortcuts with
 * their help panel, pagination from X-WP-Total / X-WP-TotalPages. Loading
 * shows skeleton rows, a failed load its error with Retry. Everything it
 * shows comes from the `mvs/moderation` store; the view, order, page and
 * filters live in the URL.
 */
import { Button, Flex, Notice, SelectControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { DeskOrder, DeskView, QueueCounts } from '../../api/types';
import { store } from '../../store/moderation';
import { DeskBulkConfirm } from '../desk-bulk-confirm';
import { DeskFilters } from '../desk-filters';
import { DeskHelp } from '../desk-help';
import { DeskPreview } from '../desk-preview';
import { useDeskShortcuts, type DeskShortcut } from '../desk-shortcuts';
import { QueueRow } from '../queue-row';
import { RejectModal } from '../reject-modal';

const COLUMNS = 7;

/** The views as tabs, with the count each has (none for the mixed ones). */
function views(): {
	view: DeskView;
	label: string;
	count?: keyof QueueCounts;
}[] {
	return [
		{
			view: 'waiting',
			label: __( 'All waiting', 'media-community-service' ),
		},
		{
			view: 'pending',
			label: __( 'Pending', 'media-community-service' ),
			count: 'pending',
		},
		{
			view: 'flagged',
			label: __( 'Flagged', 'media-community-service' ),
			count: 'flagged',
		},
		{
			view: 'reported',
			label: __( 'Reported', 'media-community-service' ),
			count: 'open_reports',
		},
		{
			view: 'approved',
			label: __( 'Approved', 'media-community-service' ),
		},
		{
			view: 'rejected',
			label: __( 'Rejected', 'media-community-service' ),
			count: 'rejected',
		},
	];
}

function emptyText( view: DeskView ): string {
	switch ( view ) {
		case 'approved':
		case 'rejected':
			return __(
				'No decisions in this view.',
				'media-community-service'
			);
		default:
			return __(
				'Nothing is waiting for a moderator.',
				'media-community-service'
			);
	}
}

function SkeletonRows() {
	return (
		<>
			{ [ 0, 1, 2 ].map( ( row ) => (
				<tr
					key={ row }
					className="mvs-desk__skeleton"
					aria-hidden="true"
				>
					<td colSpan={ COLUMNS } className="column-primary">
						<span />
					</td>
				</tr>
			) ) }
		</>
	);
}

export function ModerationQueue() {
	const {
		query,
		items,
		total,
		pages,
		counts,
		loading,
		error,
		busy,
		selected,
		allSelected,
		rejecting,
		current,
		preview,
		confirming,
		helpOpen,
	} = useSelect( ( select ) => {
		const queue = select( store );
		return {
			query: queue.getQuery(),
			items: queue.getItems(),
			total: queue.getTotal(),
			pages: queue.getPages(),
			counts: queue.getCounts(),
			loading: queue.isLoading(),
			error: queue.getError(),
			busy: queue.isBusy(),
			selected: queue.getSelected(),
			allSelected: queue.isAllSelected(),
			rejecting: queue.getRejecting(),
			current: queue.getCurrent(),
			preview: queue.getPreview(),
			confirming: queue.getConfirming(),
			helpOpen: queue.isHelpOpen(),
		};
	}, [] );
	const {
		setView,
		setOrder,
		setPage,
		setPerPage,
		setFilters,
		selectAll,
		moderate,
		openReject,
		closeReject,
		confirmApprove,
		cancelConfirm,
		openPreview,
		closePreview,
		setCurrent,
		setHelpOpen,
		load,
	} = useDispatch( store );
	const { view, orderby, page } = query;
	const titleOf = ( id: number ) =>
		items.find( ( item ) => item.id === id )?.title || `#${ id }`;
	const previewed = preview
		? items.find( ( item ) => item.id === preview.id )
		: undefined;

	// Keyboard shortcuts as on the Comments screen: they act on the current row.
	useDeskShortcuts( ( shortcut: DeskShortcut ) => {
		const index = items.findIndex( ( item ) => item.id === current );
		const item = items[ index ];
		if ( 'next' === shortcut || 'previous' === shortcut ) {
			if ( 0 === items.length ) {
				return;
			}
			const step = 'next' === shortcut ? 1 : -1;
			let next = Math.min(
				items.length - 1,
				Math.max( 0, index + step )
			);
			if ( -1 === index ) {
				next = 1 === step ? 0 : items.length - 1;
			}
			const id = items[ next ]!.id;
			void setCurrent( id );
			document
				.querySelector< HTMLElement >( `tr[data-media-id="${ id }"]` )
				?.focus();
		} else if ( 'help' === shortcut ) {
			void setHelpOpen( true );
		} else if ( ! item || busy ) {
			// Nothing to act on yet (press j first), or a decision is running.
		} else if ( 'open' === shortcut ) {
			void openPreview( item.id );
		} else if (
			'approve' === shortcut &&
			( 'approved' !== item.moderation_status || item.open_reports > 0 )
		) {
			void moderate( [ item.id ], 'approve' );
		} else if (
			'reject' === shortcut &&
			'rejected' !== item.moderation_status
		) {
			void openReject( [ item.id ] );
		}
	} );

	return (
		<div className="mvs-queue mvs-desk">
			<ul className="subsubsub mvs-desk__views">
				{ views().map( ( tab, index ) => {
					let count = '';
					if ( tab.count ) {
						count = counts ? ` (${ counts[ tab.count ] })` : ' (…)';
					} else if ( tab.view === view && ! loading && ! error ) {
						count = ` (${ total })`;
					}
					return (
						<li key={ tab.view }>
							<a
								href={ `?page=mvs-moderation&view=${ tab.view }` }
								className={ tab.view === view ? 'current' : '' }
								aria-current={
									tab.view === view ? 'page' : undefined
								}
								onClick={ ( event ) => {
									event.preventDefault();
									void setView( tab.view );
								} }
							>
								{ tab.label + count }
							</a>
							{ index < 5 ? ' | ' : '' }
						</li>
					);
				} ) }
			</ul>
			<Flex
				className="mvs-queue__toolbar"
				align="flex-end"
				justify="flex-start"
				wrap
				gap={ 4 }
			>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Sort by', 'media-community-service' ) }
					value={ orderby }
					options={ [
						{
							value: 'oldest',
							label: __(
								'Oldest first',
								'media-community-service'
							),
						},
						{
							value: 'reports',
							label: __(
								'Most reported',
								'media-community-service'
							),
						},
						{
							value: 'newest',
							label: __(
								'Newest first',
								'media-community-service'
							),
						},
					] }
					onChange={ ( value: string ) =>
						void setOrder( value as DeskOrder )
					}
				/>
				<Button
					variant="secondary"
					disabled={ busy || 0 === selected.length }
					onClick={ () => void confirmApprove( selected ) }
				>
					{ sprintf(
						/* translators: %d: number of selected items. */
						__(
							'Approve selected (%d)',
							'media-community-service'
						),
						selected.length
					) }
				</Button>
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy || 0 === selected.length }
					onClick={ () => void openReject( selected ) }
				>
					{ sprintf(
						/* translators: %d: number of selected items. */
						__( 'Reject selected (%d)', 'media-community-service' ),
						selected.length
					) }
				</Button>
				<Button
					variant="tertiary"
					onClick={ () => void setHelpOpen( true ) }
					aria-keyshortcuts="?"
				>
					{ __( 'Keyboard shortcuts', 'media-community-service' ) }
				</Button>
			</Flex>
			<DeskFilters
				query={ query }
				uploaderName={
					items.find(
						( item ) => item.uploader.id === query.uploader
					)?.uploader.name ?? null
				}
				onFilter={ ( filters ) => void setFilters( filters ) }
				onPerPage={ ( perPage ) => void setPerPage( perPage ) }
			/>

			{ error && (
				<Notice
					status="error"
					isDismissible={ false }
					className="mvs-desk__error"
				>
					<p>{ error }</p>
					<Button variant="secondary" onClick={ () => void load() }>
						{ __( 'Retry', 'media-community-service' ) }
					</Button>
				</Notice>
			) }

			<table className="wp-list-table widefat fixed striped table-view-list mvs-queue__table">
				<thead>
					<tr>
						<td className="manage-column check-column">
							{ /* Native checkboxes, as in core list tables: the label is for screen readers only. */ }
							<input
								type="checkbox"
								aria-label={ __(
									'Select all',
									'media-community-service'
								) }
								checked={ allSelected }
								onChange={ ( event ) =>
									void selectAll( event.target.checked )
								}
							/>
						</td>
						<th scope="col" className="column-primary">
							{ __( 'Item', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Uploader', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Uploaded', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Privacy', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Reports', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'State', 'media-community-service' ) }
						</th>
					</tr>
				</thead>
				<tbody aria-busy={ loading }>
					{ loading && 0 === items.length && <SkeletonRows /> }
					{ ! loading && ! error && 0 === items.length && (
						<tr className="no-items">
							<td colSpan={ COLUMNS }>{ emptyText( view ) }</td>
						</tr>
					) }
					{ items.map( ( item ) => (
						<QueueRow
							key={ item.id }
							item={ item }
							columns={ COLUMNS }
						/>
					) ) }
				</tbody>
			</table>

			<Flex
				className="mvs-queue__pagination"
				justify="flex-end"
				wrap
				gap={ 2 }
			>
				<span className="displaying-num">
					{ loading
						? ''
						: sprintf(
								/* translators: %d: number of items. */
								_n(
									'%d item',
									'%d items',
									total,
									'media-community-service'
								),
								total
							) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ page <= 1 || loading }
					onClick={ () => void setPage( page - 1 ) }
				>
					{ __( 'Previous page', 'media-community-service' ) }
				</Button>
				<span>
					{ sprintf(
						/* translators: 1: current page, 2: number of pages. */
						__( 'Page %1$d of %2$d', 'media-community-service' ),
						page,
						Math.max( pages, 1 )
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ page >= pages || loading }
					onClick={ () => void setPage( page + 1 ) }
				>
					{ __( 'Next page', 'media-community-service' ) }
				</Button>
			</Flex>

			{ rejecting && (
				<RejectModal
					count={ rejecting.length }
					titles={
						rejecting.length > 1
							? rejecting.map( titleOf )
							: undefined
					}
					busy={ busy }
					onCancel={ () => void closeReject() }
					onConfirm={ ( reason ) =>
						void moderate( rejecting, 'reject', reason )
					}
				/>
			) }
			{ confirming && (
				<DeskBulkConfirm
					titles={ confirming.ids.map( titleOf ) }
					busy={ busy }
					onCancel={ () => void cancelConfirm() }
					onConfirm={ () =>
						void moderate( confirming.ids, confirming.action )
					}
				/>
			) }
			{ preview && previewed && (
				<DeskPreview
					item={ previewed }
					preview={ preview }
					onClose={ () => void closePreview() }
				/>
			) }
			{ helpOpen && (
				<DeskHelp onClose={ () => void setHelpOpen( false ) } />
			) }
		</div>
	);
}
