/**
 * One row of the moderation desk (WordPress list-table pattern: the primary
 * column keeps the actions and feedback; the others collapse on phones):
 * item, uploader, upload date, privacy, reports, state and decision; the
 * expanded row shows every report and the stored analysis.
 */
import { Button, Flex } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import type {
	AnalysisResult as AnalysisResultType,
	DeskItem,
} from '../../api/types';
import { store } from '../../store/moderation';
import { AnalysisResult } from '../analysis-result';
import {
	formatDate,
	ReportList,
	ReportSummary,
	stateLabel,
} from '../desk-reports';
import { DeskHistory } from '../desk-history';
import { DeskRowNotice } from '../desk-row-notice';
import type { QueueRowProps, ThumbnailProps } from './types';

export { stateLabel };

/** The signed URL of an image, or the media type where there is none. */
function Thumbnail( { item, url }: ThumbnailProps ) {
	if ( url ) {
		return (
			<img
				className="mvs-queue__thumb"
				src={ url }
				alt=""
				width={ 60 }
				height={ 60 }
				loading="lazy"
			/>
		);
	}
	return (
		<span
			className="mvs-queue__thumb mvs-queue__thumb--placeholder"
			aria-hidden="true"
		>
			{ item.media_type ?? '?' }
		</span>
	);
}

/** Who decided, when and why, for the State column. */
function DecisionNote( { item }: { item: DeskItem } ) {
	const { decision } = item;
	if ( ! decision ) {
		return null;
	}
	return (
		<span className="description mvs-desk__decision">
			{ sprintf(
				/* translators: 1: approved or rejected, 2: moderator name, 3: date. */
				__( '%1$s by %2$s, %3$s', 'media-community-service' ),
				'approve' === decision.action
					? __( 'Approved', 'media-community-service' )
					: __( 'Rejected', 'media-community-service' ),
				decision.by.name ??
					__( 'a former moderator', 'media-community-service' ),
				formatDate( decision.at )
			) }
			{ decision.reason && (
				<q className="mvs-desk__reason">{ decision.reason }</q>
			) }
		</span>
	);
}

export function QueueRow( { item, columns }: QueueRowProps ) {
	const { selected, busy, working, thumbnail, notice, expanded, current } =
		useSelect(
			( select ) => ( {
				selected: select( store ).isSelected( item.id ),
				busy: select( store ).isBusy(),
				working: select( store ).isWorking( item.id ),
				thumbnail: select( store ).getThumbnail( item.id ),
				notice: select( store ).getRowNotice( item.id ),
				expanded: select( store ).isExpanded( item.id ),
				current: select( store ).getCurrent() === item.id,
			} ),
			[ item.id ]
		);
	const {
		toggleSelected,
		moderate,
		openReject,
		analyze,
		undo,
		toggleExpanded,
		dismissRowNotice,
		openPreview,
		setFilters,
	} = useDispatch( store );
	const title = item.title || `#${ item.id }`;
	const disabled = busy || working;
	return (
		<>
			<tr
				data-media-id={ item.id }
				className={ [
					expanded ? 'is-expanded' : '',
					working ? 'is-working' : '',
					current ? 'is-current' : '',
				].join( ' ' ) }
				aria-busy={ working }
				// The keyboard shortcuts move the focus from row to row.
				tabIndex={ -1 }
			>
				<th scope="row" className="check-column">
					<input
						type="checkbox"
						aria-label={ sprintf(
							/* translators: %s: item title. */
							__( 'Select %s', 'media-community-service' ),
							title
						) }
						checked={ selected }
						onChange={ ( event ) =>
							void toggleSelected( item.id, event.target.checked )
						}
					/>
				</th>
				<td
					className="column-primary"
					data-colname={ __( 'Item', 'media-community-service' ) }
				>
					<div className="mvs-desk__item">
						<button
							type="button"
							className="mvs-desk__preview-button"
							onClick={ () => void openPreview( item.id ) }
							aria-label={ sprintf(
								/* translators: %s: item title. */
								__( 'Preview %s', 'media-community-service' ),
								title
							) }
						>
							<Thumbnail item={ item } url={ thumbnail } />
						</button>
						<div>
							<Button
								variant="link"
								className="mvs-desk__title"
								onClick={ () => void openPreview( item.id ) }
							>
								<strong>{ title }</strong>
							</Button>
							<br />
							<span className="description">
								{ item.mime_type }
							</span>
						</div>
					</div>
					<Flex
						className="mvs-desk__actions"
						justify="flex-start"
						wrap
						gap={ 2 }
					>
						{ 'approved' !== item.moderation_status ||
						item.open_reports > 0 ? (
							<Button
								variant="primary"
								size="compact"
								disabled={ disabled }
								onClick={ () =>
									void moderate( [ item.id ], 'approve' )
								}
								label={ sprintf(
									/* translators: %s: item title. */
									__(
										'Approve %s',
										'media-community-service'
									),
									title
								) }
								showTooltip={ false }
							>
								{ __( 'Approve', 'media-community-service' ) }
							</Button>
						) : null }
						{ 'rejected' !== item.moderation_status && (
							<Button
								variant="secondary"
								size="compact"
								isDestructive
								disabled={ disabled }
								onClick={ () => void openReject( [ item.id ] ) }
								label={ sprintf(
									/* translators: %s: item title. */
									__(
										'Reject %s',
										'media-community-service'
									),
									title
								) }
								showTooltip={ false }
							>
								{ __( 'Reject', 'media-community-service' ) }
							</Button>
						) }
						<Button
							variant="tertiary"
							size="compact"
							disabled={ disabled }
							onClick={ () => void analyze( item.id ) }
							label={ sprintf(
								/* translators: %s: item title. */
								__( 'Analyze %s', 'media-community-service' ),
								title
							) }
							showTooltip={ false }
						>
							{ __( 'Analyze', 'media-community-service' ) }
						</Button>
						<Button
							variant="tertiary"
							size="compact"
							aria-expanded={ expanded }
							onClick={ () => void toggleExpanded( item.id ) }
							label={ sprintf(
								/* translators: %s: item title. */
								__(
									'Details of %s',
									'media-community-service'
								),
								title
							) }
							showTooltip={ false }
						>
							{ __( 'Details', 'media-community-service' ) }
						</Button>
					</Flex>
					{ notice && (
						<DeskRowNotice
							notice={ notice }
							busy={ disabled }
							onUndo={ () => void undo( item.id ) }
							onDismiss={ () => void dismissRowNotice( item.id ) }
						/>
					) }
				</td>
				<td
					data-colname={ __( 'Uploader', 'media-community-service' ) }
				>
					{ item.uploader.profile_url ? (
						<a href={ item.uploader.profile_url }>
							{ item.uploader.name }
						</a>
					) : (
						( item.uploader.name ??
						__( 'Deleted account', 'media-community-service' ) )
					) }
					<br />
					<Button
						variant="link"
						className="mvs-desk__by-uploader"
						onClick={ () =>
							void setFilters( { uploader: item.uploader.id } )
						}
						label={ sprintf(
							/* translators: %s: uploader name. */
							__(
								'Show only items by %s',
								'media-community-service'
							),
							item.uploader.name ?? `#${ item.uploader.id }`
						) }
						showTooltip={ false }
					>
						{ __( 'Only theirs', 'media-community-service' ) }
					</Button>
				</td>
				<td
					data-colname={ __( 'Uploaded', 'media-community-service' ) }
				>
					{ formatDate( item.created_at ) }
				</td>
				<td data-colname={ __( 'Privacy', 'media-community-service' ) }>
					{ privacyLabel( item.privacy ) }
				</td>
				<td data-colname={ __( 'Reports', 'media-community-service' ) }>
					<ReportSummary item={ item } />
				</td>
				<td data-colname={ __( 'State', 'media-community-service' ) }>
					{ stateLabel( item.moderation_status ) }
					<br />
					<DecisionNote item={ item } />
				</td>
			</tr>
			{ expanded && (
				<tr className="mvs-desk__expanded">
					<td className="column-primary" colSpan={ columns }>
						<ReportList item={ item } />
						<DeskHistory item={ item } />
						<AnalysisResult
							title={ title }
							result={
								item.analysis as unknown as AnalysisResultType | null
							}
							imageHash={ item.image_hash }
							earlierRejection={ item.earlier_rejection }
						/>
					</td>
				</tr>
			) }
		</>
	);
}

/** A privacy level as a translated word. */
export function privacyLabel( privacy: string ): string {
	switch ( privacy ) {
		case 'public':
			return __( 'Public', 'media-community-service' );
		case 'members':
			return __( 'Members', 'media-community-service' );
		case 'group':
			return __( 'Group', 'media-community-service' );
		case 'private':
			return __( 'Private', 'media-community-service' );
		default:
			return privacy;
	}
}
