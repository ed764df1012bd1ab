/**
 * The moderation queue: state filter with counts, a table of items
 * (`QueueRow`), bulk approve / reject, pagination from X-WP-Total /
 * X-WP-TotalPages, an empty state. Everything it shows comes from the
 * `mvs/moderation` store.
 */
import { Button, Flex, SelectControl, Spinner } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { QueueState } from '../../api/types';
import { NOTICE_CONTEXT, store } from '../../store/moderation';
import { AnalysisResult } from '../analysis-result';
import { Notices } from '../notices';
import { QueueRow } from '../queue-row';
import { RejectModal } from '../reject-modal';

export function ModerationQueue() {
	const {
		query,
		items,
		total,
		pages,
		counts,
		loading,
		busy,
		selected,
		allSelected,
		rejecting,
		analysis,
	} = useSelect( ( select ) => {
		const queue = select( store );
		return {
			query: queue.getQuery(),
			items: queue.getItems(),
			total: queue.getTotal(),
			pages: queue.getPages(),
			counts: queue.getCounts(),
			loading: queue.isLoading(),
			busy: queue.isBusy(),
			selected: queue.getSelected(),
			allSelected: queue.isAllSelected(),
			rejecting: queue.getRejecting(),
			analysis: queue.getAnalysis(),
		};
	}, [] );
	const {
		setFilter,
		setPage,
		selectAll,
		moderate,
		openReject,
		closeReject,
		closeAnalysis,
	} = useDispatch( store );
	const { state, page } = query;
	const countOf = ( key: QueueState ) => ( counts ? counts[ key ] : 0 );

	return (
		<div className="mvs-queue">
			<Notices context={ NOTICE_CONTEXT } />
			<Flex
				className="mvs-queue__toolbar"
				align="flex-end"
				justify="flex-start"
				gap={ 4 }
			>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Show', 'media-community-service' ) }
					value={ state }
					options={ [
						{
							value: 'pending',
							label: sprintf(
								/* translators: %d: number of pending items. */
								__( 'Pending (%d)', 'media-community-service' ),
								countOf( 'pending' )
							),
						},
						{
							value: 'flagged',
							label: sprintf(
								/* translators: %d: number of flagged items. */
								__( 'Flagged (%d)', 'media-community-service' ),
								countOf( 'flagged' )
							),
						},
					] }
					onChange={ ( value: string ) =>
						void setFilter( value as QueueState )
					}
				/>
				<p className="mvs-queue__counts" aria-live="polite">
					{ counts
						? sprintf(
								/* translators: 1: pending count, 2: flagged count. */
								__(
									'Pending: %1$d · Flagged: %2$d',
									'media-community-service'
								),
								counts.pending,
								counts.flagged
							)
						: '' }
				</p>
				<Button
					variant="secondary"
					disabled={ busy || 0 === selected.length }
					onClick={ () => void moderate( selected, 'approve' ) }
				>
					{ __( 'Approve selected', 'media-community-service' ) }
				</Button>
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy || 0 === selected.length }
					onClick={ () => void openReject( selected ) }
				>
					{ __( 'Reject selected', 'media-community-service' ) }
				</Button>
				{ ( loading || busy ) && <Spinner /> }
			</Flex>

			{ analysis && (
				<AnalysisResult
					title={ analysis.title }
					result={ analysis.result }
					onClose={ () => void closeAnalysis() }
				/>
			) }

			<table className="wp-list-table widefat fixed striped mvs-queue__table">
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
						<th scope="col" className="mvs-queue__col-thumb">
							{ __( 'Preview', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Title', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'State', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Reports', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Actions', 'media-community-service' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ ! loading && 0 === items.length && (
						<tr className="mvs-queue__empty">
							<td colSpan={ 6 }>
								{ 'pending' === state
									? __(
											'No items are waiting for approval.',
											'media-community-service'
										)
									: __(
											'No flagged items.',
											'media-community-service'
										) }
							</td>
						</tr>
					) }
					{ items.map( ( item ) => (
						<QueueRow
							key={ item.id }
							item={ item }
							state={ state }
						/>
					) ) }
				</tbody>
			</table>

			<Flex
				className="mvs-queue__pagination"
				justify="flex-end"
				gap={ 2 }
			>
				<span className="displaying-num">
					{
						/* translators: %d: number of items. */ sprintf(
							_n(
								'%d item',
								'%d items',
								total,
								'media-community-service'
							),
							total
						)
					}
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
					{
						/* translators: 1: current page, 2: number of pages. */ sprintf(
							__(
								'Page %1$d of %2$d',
								'media-community-service'
							),
							page,
							Math.max( pages, 1 )
						)
					}
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
					busy={ busy }
					onCancel={ () => void closeReject() }
					onConfirm={ ( reason ) =>
						void moderate( rejecting, 'reject', reason )
					}
				/>
			) }
		</div>
	);
}
