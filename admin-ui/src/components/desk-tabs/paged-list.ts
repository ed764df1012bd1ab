/**
 * One page of a desk tab's list, loaded through the typed client, with the
 * total from X-WP-Total: local state of the tab (its rows change only by its
 * own actions), a reload, and per-row feedback.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import { errorOf, isOk } from '../../api/client';
import type { MvsResponse } from '../../../../client/src/client';

export interface RowFeedback {
	status: 'success' | 'error';
	message: string;
}

export interface PagedList< T > {
	rows: T[] | null;
	total: number;
	pages: number;
	page: number;
	error: string | null;
	setPage: ( page: number ) => void;
	reload: () => void;
	/** Feedback per row key, shown in the row. */
	feedback: Record< number, RowFeedback >;
	setFeedback: ( key: number, feedback: RowFeedback | null ) => void;
	/** Rows being acted on. */
	busy: Record< number, boolean >;
	setBusy: ( key: number, busy: boolean ) => void;
}

export function usePagedList< T >(
	load: ( page: number ) => Promise< MvsResponse< T[] > >
): PagedList< T > {
	const [ rows, setRows ] = useState< T[] | null >( null );
	const [ total, setTotal ] = useState( 0 );
	const [ pages, setPages ] = useState( 1 );
	const [ page, setPage ] = useState( 1 );
	const [ error, setError ] = useState< string | null >( null );
	const [ nonce, setNonce ] = useState( 0 );
	const [ feedback, setAllFeedback ] = useState<
		Record< number, RowFeedback >
	>( {} );
	const [ busy, setAllBusy ] = useState< Record< number, boolean > >( {} );

	useEffect( () => {
		let current = true;
		setError( null );
		// Feedback belongs to the rows it was given on.
		setAllFeedback( {} );
		load( page ).then( ( response ) => {
			if ( ! current ) {
				return;
			}
			if ( ! isOk( response ) ) {
				setRows( null );
				setError( errorOf( response ).message );
				return;
			}
			const count = Number( response.headers[ 'x-wp-total' ] ?? 0 );
			setRows( response.body );
			setTotal( count );
			setPages(
				Math.max(
					1,
					Number( response.headers[ 'x-wp-totalpages' ] ?? 1 )
				)
			);
		} );
		return () => {
			current = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- load is rebuilt each render; page and nonce say when to ask again.
	}, [ page, nonce ] );

	const reload = useCallback( () => setNonce( ( n ) => n + 1 ), [] );
	const setFeedback = useCallback(
		( key: number, value: RowFeedback | null ) =>
			setAllFeedback( ( all ) => {
				const next = { ...all };
				if ( value ) {
					next[ key ] = value;
				} else {
					delete next[ key ];
				}
				return next;
			} ),
		[]
	);
	const setBusy = useCallback(
		( key: number, value: boolean ) =>
			setAllBusy( ( all ) => ( { ...all, [ key ]: value } ) ),
		[]
	);
	return {
		rows,
		total,
		pages,
		page,
		error,
		setPage,
		reload,
		feedback,
		setFeedback,
		busy,
		setBusy,
	};
}
