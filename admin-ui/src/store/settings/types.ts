/**
 * State and actions of the settings store.
 */
import type { SettingsScreen } from '../../../../client/src/client';
import type { Registry } from '../notices';
import type * as selectors from './selectors';

export type Values = Record< string, unknown >;

export interface SettingsState {
	/** GET /mvs/v1/settings as last loaded or saved; null until it arrives. */
	screen: SettingsScreen | null;
	/** The form's values: the screen's, with the edits applied. */
	values: Values;
	/** Keys edited since the last load or save: only these are sent. */
	dirty: string[];
	/** Why each refused key was refused, in words for people (checked here or by the server). */
	errors: Record< string, string >;
	saving: boolean;
}

export type SettingsAction =
	| { type: 'RECEIVE_SCREEN'; screen: SettingsScreen }
	| { type: 'EDIT'; key: string; value: unknown }
	| { type: 'DISCARD'; key: string }
	| { type: 'SAVE_START' }
	| { type: 'SAVE_SUCCESS'; screen: SettingsScreen }
	| { type: 'SAVE_FAILURE'; errors: Record< string, string > };

type Bound< S > = {
	[ K in keyof S ]: S[ K ] extends (
		state: SettingsState,
		...args: infer A
	) => infer R
		? ( ...args: A ) => R
		: never;
};

export interface ThunkArgs {
	dispatch: ( action: SettingsAction | Thunk< unknown > ) => unknown;
	select: Bound< typeof selectors >;
	registry: Registry;
}

export type Thunk< R = void > = ( args: ThunkArgs ) => Promise< R > | R;
