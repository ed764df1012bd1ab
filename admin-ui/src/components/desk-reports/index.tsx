/**
 * What a desk row says about its reports: the reasons with their counts and
 * the latest details (summary), or every report (expanded).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import type { DeskItem } from '../../api/types';

/** A report reason as a translated word (the API answers with its slug). */
export function reasonLabel( reason: string ): string {
	const labels: Record< string, string > = {
		spam: __( 'Spam', 'media-community-service' ),
		harassment: __( 'Harassment', 'media-community-service' ),
		hate: __( 'Hate', 'media-community-service' ),
		nudity: __( 'Nudity', 'media-community-service' ),
		violence: __( 'Violence', 'media-community-service' ),
		copyright: __( 'Copyright', 'media-community-service' ),
		misinformation: __( 'Misinformation', 'media-community-service' ),
		impersonation: __( 'Impersonation', 'media-community-service' ),
		other: __( 'Other', 'media-community-service' ),
	};
	return labels[ reason ] ?? reason;
}

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

/** A date as the viewer's locale writes it. */
export function formatDate( iso: string ): string {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() ) ? iso : date.toLocaleString();
}

export function ReportSummary( { item }: { item: DeskItem } ) {
	if ( 0 === item.reasons.length ) {
		return (
			<span className="description">
				{ item.flag_reason ??
					__( 'No open reports', 'media-community-service' ) }
			</span>
		);
	}
	return (
		<>
			<ul className="mvs-desk__reasons">
				{ item.reasons.map( ( { reason, count } ) => (
					<li key={ reason }>
						{ sprintf(
							/* translators: 1: report reason, 2: number of reports. */
							__( '%1$s (%2$d)', 'media-community-service' ),
							reasonLabel( reason ),
							count
						) }
					</li>
				) ) }
			</ul>
			{ item.latest_details && (
				<q className="mvs-desk__details">{ item.latest_details }</q>
			) }
		</>
	);
}

export function ReportList( { item }: { item: DeskItem } ) {
	return (
		<section
			aria-label={ sprintf(
				/* translators: %s: item title. */
				__( 'Reports on %s', 'media-community-service' ),
				item.title || `#${ item.id }`
			) }
		>
			<h3>
				{ sprintf(
					/* translators: %d: number of reports. */
					_n(
						'%d report',
						'%d reports',
						item.reports.length,
						'media-community-service'
					),
					item.reports.length
				) }
			</h3>
			{ item.reports.length > 0 && (
				<table className="widefat striped mvs-desk__reports">
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Reporter', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __( 'Reason', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __( 'Details', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __( 'Date', 'media-community-service' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ item.reports.map( ( report ) => (
							<tr key={ report.id }>
								<td>
									{ report.reporter.name ??
										__(
											'Deleted account',
											'media-community-service'
										) }
								</td>
								<td>{ reasonLabel( report.reason ) }</td>
								<td>{ report.details || '—' }</td>
								<td>{ formatDate( report.created_at ) }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</section>
	);
}
