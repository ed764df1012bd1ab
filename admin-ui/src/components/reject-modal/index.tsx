/**
 * Asks for the (optional) reason of a rejection before rejecting one or more items.
 */
import { Button, Flex, Modal, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { nameItems } from '../desk-bulk-confirm';
import type { RejectModalProps } from './types';

export function RejectModal( {
	count,
	titles,
	busy,
	onConfirm,
	onCancel,
}: RejectModalProps ) {
	const [ reason, setReason ] = useState( '' );
	return (
		<Modal
			title={ sprintf(
				/* translators: %d: number of items to reject. */
				_n(
					'Reject %d item',
					'Reject %d items',
					count,
					'media-community-service'
				),
				count
			) }
			onRequestClose={ onCancel }
			className="mvs-reject-modal"
		>
			<form
				onSubmit={ ( event ) => {
					event.preventDefault();
					onConfirm( reason.trim() );
				} }
			>
				{ titles && titles.length > 0 && (
					<p className="mvs-reject-modal__items">
						{ sprintf(
							/* translators: 1: number of items, 2: their titles. */
							_n(
								'Reject %1$d item: %2$s?',
								'Reject %1$d items: %2$s?',
								titles.length,
								'media-community-service'
							),
							titles.length,
							nameItems( titles )
						) }
					</p>
				) }
				<TextareaControl
					__nextHasNoMarginBottom
					label={ __(
						'Reason (optional, sent to the uploader)',
						'media-community-service'
					) }
					value={ reason }
					onChange={ setReason }
					rows={ 4 }
				/>
				<Flex justify="flex-end" className="mvs-reject-modal__actions">
					<Button
						variant="tertiary"
						onClick={ onCancel }
						disabled={ busy }
					>
						{ __( 'Cancel', 'media-community-service' ) }
					</Button>
					<Button
						variant="primary"
						isDestructive
						type="submit"
						isBusy={ busy }
						disabled={ busy }
					>
						{ __( 'Reject', 'media-community-service' ) }
					</Button>
				</Flex>
			</form>
		</Modal>
	);
}
