import type { SettingsAction, SettingsState, Values } from './types';

export const initialState: SettingsState = {
	screen: null,
	values: {},
	dirty: [],
	errors: {},
	saving: false,
};

export function reducer(
	state: SettingsState = initialState,
	action: SettingsAction
): SettingsState {
	switch ( action.type ) {
		case 'RECEIVE_SCREEN':
			return {
				...state,
				screen: action.screen,
				values: { ...( action.screen.values as Values ) },
				dirty: [],
			};
		case 'EDIT':
			return {
				...state,
				values: { ...state.values, [ action.key ]: action.value },
				dirty: state.dirty.includes( action.key )
					? state.dirty
					: [ ...state.dirty, action.key ],
			};
		case 'DISCARD':
			return {
				...state,
				values: {
					...state.values,
					[ action.key ]: state.screen?.values[ action.key ],
				},
				dirty: state.dirty.filter( ( key ) => key !== action.key ),
			};
		case 'SAVE_START':
			return { ...state, saving: true };
		case 'SAVE_SUCCESS':
			return {
				...state,
				screen: action.screen,
				values: { ...( action.screen.values as Values ) },
				dirty: [],
				errors: {},
				saving: false,
			};
		case 'SAVE_FAILURE':
			return { ...state, errors: action.errors, saving: false };
		default:
			return state;
	}
}
