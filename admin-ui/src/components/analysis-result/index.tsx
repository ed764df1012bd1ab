/**
 * What an AI analysis returned for one item.
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
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
	return formatValue( verdict );
}

export function AnalysisResult( {
	title,
	result,
	onClose,
}: AnalysisResultProps ) {
	const safety = result.safety ?? {};
	return (
		<Notice status="info" isDismissible={ false } className="mvs-analysis">
			<strong>
				{ sprintf(
					/* translators: %s: item title. */
					__( 'Analysis of %s', 'media-community-service' ),
					title
				) }
			</strong>
			<dl className="mvs-analysis__list">
				<dt>{ __( 'Description', 'media-community-service' ) }</dt>
				<dd>{ formatValue( result.description ) }</dd>
				<dt>{ __( 'Tags', 'media-community-service' ) }</dt>
				<dd>{ ( result.tags ?? [] ).join( ', ' ) || '—' }</dd>
				<dt>{ __( 'Safety score', 'media-community-service' ) }</dt>
				<dd>
					{ undefined === safety.score
						? '—'
						: sprintf(
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
				<dt>{ __( 'Provider', 'media-community-service' ) }</dt>
				<dd>
					{ [ result.provider, result.model ]
						.filter( Boolean )
						.join( ' / ' ) || '—' }
				</dd>
			</dl>
			{ onClose && (
				<Button variant="secondary" onClick={ onClose }>
					{ __( 'Close analysis', 'media-community-service' ) }
				</Button>
			) }
		</Notice>
	);
}
