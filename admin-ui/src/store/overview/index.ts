/**
 * The community overview's data: one GET /mvs/v1/overview, its loading and
 * its error, and a retry. The screen reads it once; the server caches it
 * (docs/community-overview.md), so there is nothing to share across screens
 * and no @wordpress/data store is needed.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import type { CommunityOverview } from '../../../../client/src/client';
import { client, errorOf, isOk } from '../../api/client';

export type { CommunityOverview };

export type OverviewState =
	| { status: 'loading' }
	| { status: 'error'; message: string }
	| { status: 'ready'; overview: CommunityOverview };

/** Loads the overview on mount; `retry` loads it again. */
export function useOverview(): OverviewState & { retry: () => void } {
	const [ state, setState ] = useState< OverviewState >( {
		status: 'loading',
	} );
	const [ attempt, setAttempt ] = useState( 0 );
	useEffect( () => {
		let live = true;
		setState( { status: 'loading' } );
		client.call( 'get_community_overview' ).then( ( response ) => {
			if ( ! live ) {
				return;
			}
			setState(
				isOk( response )
					? { status: 'ready', overview: response.body }
					: { status: 'error', message: errorOf( response ).message }
			);
		} );
		return () => {
			live = false;
		};
	}, [ attempt ] );
	const retry = useCallback( () => setAttempt( ( n ) => n + 1 ), [] );
	return { ...state, retry };
}
