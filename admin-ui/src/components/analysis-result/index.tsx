/**
 * What an AI analysis returned for one item.
 */
import { Button, Notice } from '@wordpress/components';
import { Fragment } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { AnalysisResult as Result } from '../../api/types';

function formatValue( value: unknown ): string {
	if ( null === value || undefined === value ) {
		return '—';
	}
	if ( 'object' === typeof value ) {
		return JSON.stringify( value );
	}
	return String( value );
}

export function AnalysisResult( { title, result, onClose }: { title: string; result: Result; onClose: () => void } ) {
	const safety = result.safety ?? {};
	return (
		<Notice status="info" isDismissible={ false } className="mvs-analysis">
			<strong>
				{
					/* translators: %s: item title. */
					sprintf( __( 'Analysis of %s', 'media-community-service' ), title )
				}
			</strong>
			<dl className="mvs-analysis__list">
				<dt>{ __( 'Description', 'media-community-service' ) }</dt>
				<dd>{ formatValue( result.description ) }</dd>
				<dt>{ __( 'Tags', 'media-community-service' ) }</dt>
				<dd>{ ( result.tags ?? [] ).join( ', ' ) || '—' }</dd>
				{ Object.entries( safety ).map( ( [ key, value ] ) => (
					<Fragment key={ key }>
						<dt>{ key }</dt>
						<dd>{ formatValue( value ) }</dd>
					</Fragment>
				) ) }
				<dt>{ __( 'Provider', 'media-community-service' ) }</dt>
				<dd>{ [ result.provider, result.model ].filter( Boolean ).join( ' / ' ) || '—' }</dd>
			</dl>
			<Button variant="secondary" onClick={ onClose }>
				{ __( 'Close analysis', 'media-community-service' ) }
			</Button>
		</Notice>
	);
}
