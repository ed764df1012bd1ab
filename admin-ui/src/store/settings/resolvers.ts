import { fetchScreen } from './actions';
import type { Thunk } from './types';

export function getScreen(): Thunk {
	return async ( { dispatch } ) => {
		await dispatch( fetchScreen() );
	};
}
