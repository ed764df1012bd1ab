import { load } from './actions';
import type { Thunk } from './types';

/** The first page loads when a component first asks for the rows. */
export function getItems(): Thunk {
	return async ( { dispatch } ) => {
		await dispatch( load() );
	};
}
