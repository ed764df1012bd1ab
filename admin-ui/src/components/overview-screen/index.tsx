/**
 * The Community overview screen (Media Community → Overview): key numbers,
 * uploads and reports per day (charts), storage per media type and top tags,
 * from GET /mvs/v1/overview. Loading shows a skeleton, a failed load its
 * error with Retry, an empty community says so.
 */
import { Button, Notice } from '@wordpress/components';
import { useMemo } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { type CommunityOverview, useOverview } from '../../store/overview';
import { type ChartSeries, OverviewChart } from '../overview-chart';

const TYPES = [ 'image', 'video', 'audio', 'document' ] as const;
type MediaType = ( typeof TYPES )[ number ];

function typeLabel( type: MediaType ): string {
	return {
		image: __( 'Images', 'media-community-service' ),
		video: __( 'Videos', 'media-community-service' ),
		audio: __( 'Audio', 'media-community-service' ),
		document: __( 'Documents', 'media-community-service' ),
	}[ type ];
}

const COLORS: Record< MediaType, string > = {
	image: '#2271b1',
	video: '#d63638',
	audio: '#00a32a',
	document: '#996800',
};

/** Bytes as B, KB, MB, GB or TB (1024-based, as the settings screen shows sizes). */
export function formatBytes( bytes: number ): string {
	const units = [ 'B', 'KB', 'MB', 'GB', 'TB' ];
	let value = bytes;
	let unit = 0;
	while ( value >= 1024 && unit < units.length - 1 ) {
		value /= 1024;
		unit++;
	}
	return `${ unit ? value.toFixed( 1 ) : value } ${ units[ unit ] }`;
}

/** How long ago a time was, in the largest whole unit (minutes, hours, days). */
export function waitedFor( since: string, now: number ): string {
	const minutes = Math.max(
		0,
		Math.floor( ( now - Date.parse( since ) ) / 60000 )
	);
	if ( minutes < 60 ) {
		return sprintf(
			/* translators: %d: minutes. */
			_n( '%d minute', '%d minutes', minutes, 'media-community-service' ),
			minutes
		);
	}
	const hours = Math.floor( minutes / 60 );
	if ( hours < 48 ) {
		return sprintf(
			/* translators: %d: hours. */
			_n( '%d hour', '%d hours', hours, 'media-community-service' ),
			hours
		);
	}
	const days = Math.floor( hours / 24 );
	return sprintf(
		/* translators: %d: days. */
		_n( '%d day', '%d days', days, 'media-community-service' ),
		days
	);
}

function uploadsOf(
	day: CommunityOverview[ 'uploads_per_day' ][ number ]
): number {
	return day.image + day.video + day.audio + day.document;
}

function Skeleton() {
	return (
		<div className="mvs-overview is-loading" aria-busy="true">
			<p className="screen-reader-text">
				{ __(
					'Loading the community overview…',
					'media-community-service'
				) }
			</p>
			<div className="mvs-overview__cards">
				{ [ 0, 1, 2, 3 ].map( ( n ) => (
					<div
						key={ n }
						className="mvs-overview__card mvs-skeleton"
					/>
				) ) }
			</div>
			<div className="mvs-overview__chart-skeleton mvs-skeleton" />
		</div>
	);
}

function Overview( { overview }: { overview: CommunityOverview } ) {
	const days = useMemo(
		() => overview.uploads_per_day.map( ( day ) => day.day ),
		[ overview ]
	);
	const uploadSeries = useMemo< ChartSeries[] >(
		() =>
			TYPES.map( ( type ) => ( {
				label: typeLabel( type ),
				color: COLORS[ type ],
				values: overview.uploads_per_day.map( ( day ) => day[ type ] ),
			} ) ),
		[ overview ]
	);
	const reportSeries = useMemo< ChartSeries[] >(
		() => [
			{
				label: __( 'Reports', 'media-community-service' ),
				color: '#d63638',
				values: overview.reports_per_day.map( ( day ) => day.count ),
			},
		],
		[ overview ]
	);
	const uploads30 = overview.uploads_per_day.reduce(
		( sum, day ) => sum + uploadsOf( day ),
		0
	);
	const last =
		overview.uploads_per_day[ overview.uploads_per_day.length - 1 ];
	const uploadsToday = last ? uploadsOf( last ) : 0;
	const reports30 = overview.reports_per_day.reduce(
		( sum, day ) => sum + day.count,
		0
	);
	const items = overview.storage.reduce( ( sum, row ) => sum + row.items, 0 );
	const { queue } = overview;

	if (
		0 === items &&
		0 === reports30 &&
		0 === queue.size &&
		0 === overview.active_members
	) {
		return (
			<div className="mvs-overview">
				<p className="mvs-overview__empty">
					{ __(
						'Nothing to show yet: once members upload, comment and react, their activity appears here.',
						'media-community-service'
					) }
				</p>
			</div>
		);
	}

	const cards: Array< [ string, string, string? ] > = [
		[
			__( 'Waiting for moderation', 'media-community-service' ),
			String( queue.size ),
			queue.oldest_at
				? sprintf(
						/* translators: %s: how long, e.g. "3 days". */
						__( 'oldest waiting %s', 'media-community-service' ),
						waitedFor( queue.oldest_at, Date.now() )
					)
				: undefined,
		],
		[
			__( 'Uploads today', 'media-community-service' ),
			String( uploadsToday ),
		],
		[
			__( 'Uploads in 30 days', 'media-community-service' ),
			String( uploads30 ),
		],
		[
			__( 'Active members (30 days)', 'media-community-service' ),
			String( overview.active_members ),
		],
	];

	return (
		<div className="mvs-overview">
			<dl className="mvs-overview__cards">
				{ cards.map( ( [ label, value, detail ] ) => (
					<div key={ label } className="mvs-overview__card">
						<dt>{ label }</dt>
						<dd>
							<span className="mvs-overview__number">
								{ value }
							</span>
							{ detail && (
								<span className="mvs-overview__detail">
									{ detail }
								</span>
							) }
						</dd>
					</div>
				) ) }
			</dl>
			<OverviewChart
				title={ __(
					'Uploads per day, last 30 days',
					'media-community-service'
				) }
				summary={ sprintf(
					/* translators: 1: uploads in 30 days, 2: uploads today. */
					__(
						'%1$d uploads in the last 30 days, %2$d today.',
						'media-community-service'
					),
					uploads30,
					uploadsToday
				) }
				days={ days }
				series={ uploadSeries }
			/>
			<OverviewChart
				title={ __(
					'Reports per day, last 30 days',
					'media-community-service'
				) }
				summary={ sprintf(
					/* translators: %d: reports in 30 days. */
					__(
						'%d reports in the last 30 days.',
						'media-community-service'
					),
					reports30
				) }
				days={ days }
				series={ reportSeries }
				bars
			/>
			<div className="mvs-overview__tables">
				<table className="widefat striped mvs-overview__storage">
					<caption>
						{ __(
							'Storage by media type',
							'media-community-service'
						) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Type', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __( 'Items', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __( 'Storage', 'media-community-service' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ overview.storage.map( ( row ) => (
							<tr key={ row.media_type }>
								<th scope="row">
									{ typeLabel( row.media_type ) }
								</th>
								<td>{ row.items }</td>
								<td>{ formatBytes( row.bytes ) }</td>
							</tr>
						) ) }
					</tbody>
				</table>
				<table className="widefat striped mvs-overview__tags">
					<caption>
						{ __( 'Top tags', 'media-community-service' ) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Tag', 'media-community-service' ) }
							</th>
							<th scope="col">
								{ __(
									'Approved items',
									'media-community-service'
								) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ overview.top_tags.length ? (
							overview.top_tags.map( ( tag ) => (
								<tr key={ tag.id }>
									<th scope="row">{ tag.name }</th>
									<td>{ tag.items }</td>
								</tr>
							) )
						) : (
							<tr>
								<td colSpan={ 2 }>
									{ __(
										'No tagged items yet.',
										'media-community-service'
									) }
								</td>
							</tr>
						) }
					</tbody>
				</table>
			</div>
		</div>
	);
}

export function OverviewScreen() {
	const state = useOverview();
	if ( 'loading' === state.status ) {
		return <Skeleton />;
	}
	if ( 'error' === state.status ) {
		return (
			<Notice status="error" isDismissible={ false }>
				<p role="alert">{ state.message }</p>
				<Button variant="secondary" onClick={ state.retry }>
					{ __( 'Retry', 'media-community-service' ) }
				</Button>
			</Notice>
		);
	}
	return <Overview overview={ state.overview } />;
}
