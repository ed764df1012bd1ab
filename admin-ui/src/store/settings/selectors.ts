import type { SettingsScreen } from '../../../../codegen/out/client';
import type { SettingsState, Values } from './types';

/** The screen (fields, sections, values); the resolver loads it. */
export function getScreen( state: SettingsState ): SettingsScreen | null {
	return state.screen;
}

export function getValue( state: SettingsState, key: string ): unknown {
	return state.values[ key ];
}

export function getError(
	state: SettingsState,
	key: string
): string | undefined {
	return state.errors[ key ];
}

export function hasEdits( state: SettingsState ): boolean {
	return state.dirty.length > 0;
}

export function isSaving( state: SettingsState ): boolean {
	return state.saving;
}

/**
 * The edited values: what Save sends (keys left out keep their value). Not
 * memoized: only `save()` reads it (WordPress 6.5's data package has no
 * `createSelector`).
 */
export function getEdits( state: SettingsState ): Values {
	return Object.fromEntries(
		state.dirty.map( ( key ) => [ key, state.values[ key ] ] )
	);
}
