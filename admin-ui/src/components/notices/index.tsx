/**
 * The notices of one screen from `core/notices`: snackbars (they fade out)
 * and the others as notices that stay until dismissed.
 */
import { NoticeList, SnackbarList } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';
import type { NoticesProps } from './types';

type NoticeStatus = 'success' | 'error' | 'warning' | 'info';

export function Notices( { context }: NoticesProps ) {
	const notices = useSelect(
		( select ) => select( noticesStore ).getNotices( context ),
		[ context ]
	);
	const { removeNotice } = useDispatch( noticesStore );
	const remove = ( id: string ) => void removeNotice( id, context );
	const standing = notices
		.filter( ( notice ) => 'snackbar' !== notice.type )
		.map( ( notice ) => ( {
			id: notice.id,
			status: notice.status as NoticeStatus,
			content: notice.content,
			isDismissible: notice.isDismissible,
		} ) );
	const snackbars = notices
		.filter( ( notice ) => 'snackbar' === notice.type )
		.map( ( notice ) => ( { id: notice.id, content: notice.content } ) );
	return (
		<>
			<NoticeList notices={ standing } onRemove={ remove } />
			<SnackbarList
				className="mvs-admin__snackbars"
				notices={ snackbars }
				onRemove={ remove }
			/>
		</>
	);
}
