/**
 * Confirms a bulk approval, naming the items it acts on
 * ("Approve 3 items: a.jpg, b.png, c.mp4?").
 */
import { Button, Flex, Modal } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

export interface DeskBulkConfirmProps {
	titles: string[];
	busy: boolean;
	onConfirm: () => void;
	onCancel: () => void;
}

/** The items as one list, the first ten named (a long selection stays readable). */
export function nameItems( titles: string[] ): string {
	const named = titles.slice( 0, 10 ).join( ', ' );
	const rest = titles.length - 10;
	return rest > 0
		? sprintf(
				/* translators: 1: item titles, 2: number of further items. */
				_n(
					'%1$s and %2$d more',
					'%1$s and %2$d more',
					rest,
					'media-community-service'
				),
				named,
				rest
			)
		: named;
}

export function DeskBulkConfirm( {
	titles,
	busy,
	onConfirm,
	onCancel,
}: DeskBulkConfirmProps ) {
	return (
		<Modal
			title={ __( 'Approve selected items', 'media-community-service' ) }
			onRequestClose={ onCancel }
			className="mvs-desk-confirm"
		>
			<p>
				{ sprintf(
					/* translators: 1: number of items, 2: their titles. */
					_n(
						'Approve %1$d item: %2$s?',
						'Approve %1$d items: %2$s?',
						titles.length,
						'media-community-service'
					),
					titles.length,
					nameItems( titles )
				) }
			</p>
			<Flex justify="flex-end">
				<Button
					variant="tertiary"
					onClick={ onCancel }
					disabled={ busy }
				>
					{ __( 'Cancel', 'media-community-service' ) }
				</Button>
				<Button
					variant="primary"
					onClick={ onConfirm }
					isBusy={ busy }
					disabled={ busy }
				>
					{ __( 'Approve', 'media-community-service' ) }
				</Button>
			</Flex>
		</Modal>
	);
}
