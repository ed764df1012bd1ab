/**
 * An item's history in its expanded row: every decision, undo and flag from
 * the moderation log (who, when, what, why), newest first.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { DeskItem } from '../../api/types';
import { formatDate, stateLabel } from '../desk-reports';

type Event = DeskItem[ 'history' ][ number ];

function actionLabel( event: Event ): string {
	switch ( event.action ) {
		case 'approve':
			return __( 'Approved', 'media-community-service' );
		case 'reject':
			return __( 'Rejected', 'media-community-service' );
		case 'undo':
			return __( 'Decision undone', 'media-community-service' );
		default:
			return __( 'Flagged', 'media-community-service' );
	}
}

function who( event: Event ): string {
	if ( 0 === event.by.id ) {
		return __( 'Automatic', 'media-community-service' );
	}
	return event.by.name ?? __( 'Deleted account', 'media-community-service' );
}

export function DeskHistory( { item }: { item: DeskItem } ) {
	const title = item.title || `#${ item.id }`;
	const label = sprintf(
		/* translators: %s: item title. */
		__( 'History of %s', 'media-community-service' ),
		title
	);
	if ( 0 === item.history.length ) {
		return (
			<p className="description">
				{ __( 'No decisions yet.', 'media-community-service' ) }
			</p>
		);
	}
	return (
		<section className="mvs-desk__history" aria-label={ label }>
			<h3>{ __( 'History', 'media-community-service' ) }</h3>
			<table className="widefat striped">
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Date', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'What', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Who', 'media-community-service' ) }
						</th>
						<th scope="col">
							{ __( 'Reason', 'media-community-service' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ item.history.map( ( event, index ) => (
						<tr key={ `${ event.at }-${ index }` }>
							<td>{ formatDate( event.at ) }</td>
							<td>
								{ actionLabel( event ) }
								{ event.from && event.to && (
									<span className="description">
										{ ' ' +
											sprintf(
												/* translators: 1: state before, 2: state after. */
												__(
													'(%1$s → %2$s)',
													'media-community-service'
												),
												stateLabel( event.from ),
												stateLabel( event.to )
											) }
									</span>
								) }
							</td>
							<td>{ who( event ) }</td>
							<td>{ event.reason ?? '—' }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</section>
	);
}
