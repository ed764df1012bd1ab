/**
 * Usage against a limit: "12 of 50" with a bar (a meter for screen
 * readers), or "12 · unlimited" without one when the limit is 0.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { UsageBarProps } from './types';

export function UsageBar( {
	label,
	caption,
	used,
	limit,
	format = String,
	bypass = false,
}: UsageBarProps ) {
	if ( 0 === limit ) {
		return (
			<span className="mvs-usage">
				{ caption && `${ caption }: ` }
				{ sprintf(
					/* translators: %s: amount used. */
					__( '%s · unlimited', 'media-community-service-pro' ),
					format( used )
				) }
			</span>
		);
	}
	const share = Math.min( 100, Math.round( ( used / limit ) * 100 ) );
	const text = sprintf(
		/* translators: 1: amount used, 2: limit. */
		__( '%1$s of %2$s', 'media-community-service-pro' ),
		format( used ),
		format( limit )
	);
	let level = 'ok';
	if ( share >= 100 ) {
		level = 'full';
	} else if ( share >= 80 ) {
		level = 'high';
	}
	return (
		<span className="mvs-usage">
			<span
				className={ `mvs-usage__bar mvs-usage__bar--${ level }` }
				role="meter"
				aria-label={ label }
				aria-valuemin={ 0 }
				aria-valuemax={ limit }
				aria-valuenow={ Math.min( used, limit ) }
				aria-valuetext={ text }
			>
				<span
					className="mvs-usage__fill"
					style={ { width: `${ share }%` } }
				/>
			</span>
			<span className="mvs-usage__text">
				{ caption && `${ caption }: ` }
				{ text }
				{ bypass &&
					` ${ __( '(not enforced)', 'media-community-service-pro' ) }` }
			</span>
		</span>
	);
}
