/**
 * The help panel of the desk's keyboard shortcuts (as on WordPress's
 * Comments screen).
 */
import { Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** The shortcuts with what they do; the keys are what useDeskShortcuts listens to. */
export function shortcutList(): { keys: string[]; label: string }[] {
	return [
		{
			keys: [ 'j' ],
			label: __( 'Next item', 'media-community-service' ),
		},
		{
			keys: [ 'k' ],
			label: __( 'Previous item', 'media-community-service' ),
		},
		{
			keys: [ 'a' ],
			label: __( 'Approve the item', 'media-community-service' ),
		},
		{
			keys: [ 'r' ],
			label: __( 'Reject the item', 'media-community-service' ),
		},
		{
			keys: [ 'o', 'Enter' ],
			label: __( 'Open the preview', 'media-community-service' ),
		},
		{
			keys: [ '?', 'h' ],
			label: __( 'Show this help', 'media-community-service' ),
		},
	];
}

export function DeskHelp( { onClose }: { onClose: () => void } ) {
	return (
		<Modal
			title={ __( 'Keyboard shortcuts', 'media-community-service' ) }
			onRequestClose={ onClose }
			className="mvs-desk-help"
		>
			<dl className="mvs-desk-help__list">
				{ shortcutList().map( ( { keys, label } ) => (
					<div key={ label }>
						<dt>
							{ keys.map( ( key, index ) => (
								<span key={ key }>
									{ index > 0 &&
										` ${ __(
											'or',
											'media-community-service'
										) } ` }
									<kbd>{ key }</kbd>
								</span>
							) ) }
						</dt>
						<dd>{ label }</dd>
					</div>
				) ) }
			</dl>
			<p className="description">
				{ __(
					'Shortcuts do nothing while you type in a field or while a dialog is open.',
					'media-community-service'
				) }
			</p>
		</Modal>
	);
}
