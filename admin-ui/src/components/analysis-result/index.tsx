/**
 * What the analysis of one item found, in words a moderator can weigh: the
 * local skin-tone share is shown as the colour measure it is, never as a
 * verdict; a model's score keeps its verdict. Also the image's perceptual
 * hash and the rejected item it looks like (docs/moderation.md).
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { formatDate } from '../desk-reports';
import type { AnalysisResultProps } from './types';

export function formatValue( value: unknown ): string {
	if ( null === value || undefined === value ) {
		return '—';
	}
	if ( 'object' === typeof value ) {
		return JSON.stringify( value );
	}
	return String( value );
}

export function verdictLabel( verdict: string | undefined ): string {
	if ( 'safe' === verdict ) {
		return __( 'Safe', 'media-community-service' );
	}
	if ( 'unsafe' === verdict ) {
		return __( 'Unsafe: flagged for review', 'media-community-service' );
	}
	if ( 'not_judged' === verdict ) {
		return __( 'Not judged', 'media-community-service' );
	}
	return formatValue( verdict );
}

/**
 * The skin-tone share as a measure: "Skin-tone share 42 %: a colour
 * measure, not a safety verdict", and whether the site let it flag.
 *
 * @param score   Share from 0 to 1.
 * @param flagged Whether this measure flagged the item (the owner opted in).
 */
export function skinShareLabel( score: number, flagged: boolean ): string {
	const share = sprintf(
		/* translators: %s: percentage of skin-toned pixels, e.g. 42. */
		__(
			'Skin-tone share %s %%: a colour measure, not a safety verdict',
			'media-community-service'
		),
		String( Math.round( score * 100 ) )
	);
	return flagged
		? `${ share } ${ __(
				'(this site lets it flag items)',
				'media-community-service'
			) }`
		: share;
}

/**
 * What the image measured: size, main colour, brightness.
 *
 * @param metrics The local measurements (AiAnalysis.metrics).
 */
export function measuresLabel(
	metrics: Record< string, unknown > | null | undefined
): string {
	if ( ! metrics ) {
		return '—';
	}
	return sprintf(
		/* translators: 1: width in pixels, 2: height in pixels, 3: colour word, 4: brightness 0-255. */
		__(
			'%1$s × %2$s px, mostly %3$s, brightness %4$s of 255',
			'media-community-service'
		),
		formatValue( metrics.width ),
		formatValue( metrics.height ),
		formatValue( metrics.dominant_color ),
		formatValue( metrics.brightness )
	);
}

function EarlierRejection( {
	match,
}: {
	match: NonNullable< AnalysisResultProps[ 'earlierRejection' ] >;
} ) {
	const item =
		null === match.title
			? sprintf(
					/* translators: %d: media item ID. */
					__( 'item #%d (since deleted)', 'media-community-service' ),
					match.media_id
				)
			: sprintf(
					/* translators: 1: item title, 2: media item ID. */
					__( '“%1$s” (#%2$d)', 'media-community-service' ),
					match.title,
					match.media_id
				);
	const decision = match.decision
		? sprintf(
				/* translators: 1: moderator name, 2: date, 3: rejection reason. */
				__(
					'Rejected by %1$s on %2$s. Reason: %3$s.',
					'media-community-service'
				),
				match.decision.by.name ??
					__( 'a former moderator', 'media-community-service' ),
				formatDate( match.decision.at ),
				match.decision.reason ??
					__( 'none given', 'media-community-service' )
			)
		: '';
	return (
		<div className="mvs-analysis__match" role="note">
			<strong>
				{ sprintf(
					/* translators: %s: the earlier item, e.g. “Beach” (#12). */
					__(
						'Looks like %s, which a moderator rejected.',
						'media-community-service'
					),
					item
				) }
			</strong>{ ' ' }
			{ decision }{ ' ' }
			{ sprintf(
				/* translators: %d: number of differing bits. */
				__(
					'The image hashes differ in %d of 64 bits.',
					'media-community-service'
				),
				match.distance
			) }{ ' ' }
			{ null !== match.title && (
				<a
					href={ `?page=mvs-moderation&view=rejected&s=${ encodeURIComponent(
						match.title
					) }` }
				>
					{ __(
						'Open the earlier decision',
						'media-community-service'
					) }
				</a>
			) }
		</div>
	);
}

export function AnalysisResult( {
	title,
	result,
	imageHash,
	earlierRejection,
	onClose,
}: AnalysisResultProps ) {
	const safety = result?.safety;
	// Analyses stored before the basis existed: the local provider's score was the skin-tone share too.
	const measure =
		undefined !== safety &&
		( 'skin_tone_share' === safety.basis ||
			( undefined === safety.basis && 'local' === result?.provider ) );
	return (
		<Notice status="info" isDismissible={ false } className="mvs-analysis">
			<strong>
				{ sprintf(
					/* translators: %s: item title. */
					__( 'Analysis of %s', 'media-community-service' ),
					title
				) }
			</strong>
			{ earlierRejection && (
				<EarlierRejection match={ earlierRejection } />
			) }
			{ ! result && (
				<p className="description">
					{ __( 'Not analysed yet.', 'media-community-service' ) }
				</p>
			) }
			<dl className="mvs-analysis__list">
				{ result && (
					<>
						<dt>
							{ __( 'Description', 'media-community-service' ) }
						</dt>
						<dd>{ formatValue( result.description ) }</dd>
						<dt>{ __( 'Tags', 'media-community-service' ) }</dt>
						<dd>{ ( result.tags ?? [] ).join( ', ' ) || '—' }</dd>
						<dt>{ __( 'Measured', 'media-community-service' ) }</dt>
						<dd>
							{ measuresLabel(
								result.metrics as Record< string, unknown >
							) }
						</dd>
					</>
				) }
				{ safety && measure && (
					<>
						<dt>
							{ __(
								'Skin-tone share',
								'media-community-service'
							) }
						</dt>
						<dd>
							{ skinShareLabel(
								safety.score,
								'unsafe' === safety.verdict
							) }
						</dd>
					</>
				) }
				{ safety && ! measure && (
					<>
						<dt>
							{ __( 'Safety score', 'media-community-service' ) }
						</dt>
						<dd>
							{ sprintf(
								/* translators: 1: safety score (0 to 1), 2: the score from which an item is flagged. */
								__(
									'%1$s (flagged from %2$s)',
									'media-community-service'
								),
								formatValue( safety.score ),
								formatValue( safety.threshold )
							) }
						</dd>
						<dt>{ __( 'Verdict', 'media-community-service' ) }</dt>
						<dd>{ verdictLabel( safety.verdict ) }</dd>
					</>
				) }
				{ imageHash && (
					<>
						<dt>
							{ __( 'Image hash', 'media-community-service' ) }
						</dt>
						<dd>
							<code>{ imageHash }</code>
						</dd>
					</>
				) }
				{ result && (
					<>
						<dt>{ __( 'Provider', 'media-community-service' ) }</dt>
						<dd>
							{ [ result.provider, result.model ]
								.filter( Boolean )
								.join( ' / ' ) || '—' }
						</dd>
					</>
				) }
			</dl>
			{ onClose && (
				<Button variant="secondary" onClick={ onClose }>
					{ __( 'Close analysis', 'media-community-service' ) }
				</Button>
			) }
		</Notice>
	);
}
