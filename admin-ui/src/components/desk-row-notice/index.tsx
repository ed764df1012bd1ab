/**
 * Feedback in the row that caused it: what a decision did (with Undo) or
 * why a request failed. A live region, so screen readers hear it too.
 */
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { RowNotice } from '../../store/moderation/types';

export interface DeskRowNoticeProps {
	notice: RowNotice;
	busy: boolean;
	onUndo: () => void;
	onDismiss: () => void;
}

export function DeskRowNotice( {
	notice,
	busy,
	onUndo,
	onDismiss,
}: DeskRowNoticeProps ) {
	return (
		<div
			className={ `mvs-desk__row-notice is-${ notice.status }` }
			role={ 'error' === notice.status ? 'alert' : 'status' }
		>
			<span>{ notice.message }</span>
			{ notice.undo && (
				<Button variant="link" disabled={ busy } onClick={ onUndo }>
					{ __( 'Undo', 'media-community-service' ) }
				</Button>
			) }
			<Button variant="link" onClick={ onDismiss }>
				{ __( 'Dismiss', 'media-community-service' ) }
			</Button>
		</div>
	);
}
