/**
 * The notices of one screen from `core/notices`: snackbars (they fade out)
 * and the others as notices that stay until dismissed. Notices do not stack
 * up: of each status only the latest is shown, saying how many earlier ones
 * it stands for (dismissing it dismisses them all), and only the latest
 * snackbars show.
 */
import { NoticeList, SnackbarList } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { _n, sprintf } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';
import type { NoticesProps } from './types';

type NoticeStatus = 'success' | 'error' | 'warning' | 'info';

/** Snackbars shown at once; older ones are dropped. */
const SNACKBARS = 3;

export function Notices( { context }: NoticesProps ) {
	const notices = useSelect(
		( select ) => select( noticesStore ).getNotices( context ),
		[ context ]
	);
	const { removeNotice } = useDispatch( noticesStore );
	const remove = ( id: string ) => void removeNotice( id, context );
	const byStatus = new Map< string, typeof notices >();
	for ( const notice of notices ) {
		if ( 'snackbar' !== notice.type ) {
			byStatus.set( notice.status, [
				...( byStatus.get( notice.status ) ?? [] ),
				notice,
			] );
		}
	}
	const standing = [ ...byStatus.values() ].map( ( group ) => {
		const latest = group[ group.length - 1 ]!;
		const earlier = group.length - 1;
		return {
			id: latest.id,
			status: latest.status as NoticeStatus,
			content:
				earlier > 0
					? `${ latest.content } ${ sprintf(
							/* translators: %d: number of earlier notices of the same kind. */
							_n(
								'(%d more)',
								'(%d more)',
								earlier,
								'media-community-service'
							),
							earlier
						) }`
					: latest.content,
			isDismissible: latest.isDismissible,
		};
	} );
	const removeGroup = ( id: string ) => {
		const status = notices.find( ( notice ) => notice.id === id )?.status;
		for ( const notice of notices ) {
			if ( 'snackbar' !== notice.type && notice.status === status ) {
				remove( notice.id );
			}
		}
	};
	const snackbars = notices
		.filter( ( notice ) => 'snackbar' === notice.type )
		.slice( -SNACKBARS )
		.map( ( notice ) => ( { id: notice.id, content: notice.content } ) );
	return (
		<>
			<NoticeList notices={ standing } onRemove={ removeGroup } />
			<SnackbarList
				className="mvs-admin__snackbars"
				notices={ snackbars }
				onRemove={ remove }
			/>
		</>
	);
}
