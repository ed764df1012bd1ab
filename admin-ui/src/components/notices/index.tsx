/**
 * Error notices (stay until dismissed) and success snackbars (fade out).
 */
import { Notice, SnackbarList } from '@wordpress/components';
import { useCallback, useState } from '@wordpress/element';

export interface AppNotice {
	id: string;
	status: 'success' | 'error' | 'warning';
	content: string;
}

let counter = 0;

export function useNotices() {
	const [ notices, setNotices ] = useState< AppNotice[] >( [] );
	const add = useCallback( ( status: AppNotice[ 'status' ], content: string ) => {
		counter += 1;
		const id = `mvs-notice-${ counter }`;
		setNotices( ( list ) => [ ...list, { id, status, content } ] );
	}, [] );
	const remove = useCallback( ( id: string ) => {
		setNotices( ( list ) => list.filter( ( notice ) => notice.id !== id ) );
	}, [] );
	const clearErrors = useCallback( () => {
		setNotices( ( list ) => list.filter( ( notice ) => 'success' === notice.status ) );
	}, [] );
	return { notices, add, remove, clearErrors };
}

export function Notices( { notices, onRemove }: { notices: AppNotice[]; onRemove: ( id: string ) => void } ) {
	const errors = notices.filter( ( notice ) => 'success' !== notice.status );
	const successes = notices.filter( ( notice ) => 'success' === notice.status );
	return (
		<>
			{ errors.map( ( notice ) => (
				<Notice key={ notice.id } status={ notice.status } onRemove={ () => onRemove( notice.id ) }>
					{ notice.content }
				</Notice>
			) ) }
			<SnackbarList
				className="mvs-admin__snackbars"
				notices={ successes.map( ( notice ) => ( { id: notice.id, content: notice.content } ) ) }
				onRemove={ onRemove }
			/>
		</>
	);
}
