/**
 * A list of the Quotas screen that failed to load: the reason, and Retry.
 * Shown in place of the list, so no "nothing here" text contradicts it.
 */
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function LoadError( {
	message,
	onRetry,
}: {
	message: string;
	onRetry: () => void;
} ) {
	return (
		<Notice status="error" isDismissible={ false }>
			<p>{ message }</p>
			<Button variant="secondary" onClick={ onRetry }>
				{ __( 'Retry', 'media-community-service-pro' ) }
			</Button>
		</Notice>
	);
}
