/**
 * One row of the moderation queue: selection checkbox, thumbnail, title,
 * state, open reports, and approve / reject / analyze.
 */
import { Button, Flex } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { store } from '../../store/moderation';
import type { QueueRowProps, ThumbnailProps } from './types';

/** The moderation state as a translated word (the API answers with its stable slug). */
export function stateLabel( status: string ): string {
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

export function QueueRow( { item, state }: QueueRowProps ) {
	const { selected, busy, thumbnail } = useSelect(
		( select ) => ( {
			selected: select( store ).isSelected( item.id ),
			busy: select( store ).isBusy(),
			thumbnail: select( store ).getThumbnail( item.id ),
		} ),
		[ item.id ]
	);
	const { toggleSelected, moderate, openReject, analyze } =
		useDispatch( store );
	const title = item.title || `#${ item.id }`;
	return (
		<tr data-media-id={ item.id }>
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
			<td>
				<Thumbnail item={ item } url={ thumbnail } />
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
						onClick={ () =>
							void moderate( [ item.id ], 'approve' )
						}
						label={ sprintf(
							/* translators: %s: item title. */
							__( 'Approve %s', 'media-community-service' ),
							title
						) }
						showTooltip={ false }
					>
						{ __( 'Approve', 'media-community-service' ) }
					</Button>
					<Button
						variant="secondary"
						size="compact"
						isDestructive
						disabled={ busy }
						onClick={ () => void openReject( [ item.id ] ) }
						label={ sprintf(
							/* translators: %s: item title. */
							__( 'Reject %s', 'media-community-service' ),
							title
						) }
						showTooltip={ false }
					>
						{ __( 'Reject', 'media-community-service' ) }
					</Button>
					<Button
						variant="tertiary"
						size="compact"
						disabled={ busy }
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
				</Flex>
			</td>
		</tr>
	);
}
