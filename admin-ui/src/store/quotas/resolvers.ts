import { loadMembers, loadPackages } from './actions';
import type { Thunk } from './types';

export function getPackages(): Thunk {
	return async ( { dispatch } ) => {
		await dispatch( loadPackages() );
	};
}

/** The members tab reads the list only when it is opened: that first read loads it. */
export function getMembers(): Thunk {
	return async ( { dispatch } ) => {
		await dispatch( loadMembers() );
	};
}
