import type {
	SettingField,
	SettingsScreen,
} from '../../../../client/src/client';
import { checkValue } from '../../components/setting-control/validation';
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

export function isDirty( state: SettingsState, key: string ): boolean {
	return state.dirty.includes( key );
}

export function hasEdits( state: SettingsState ): boolean {
	return state.dirty.length > 0;
}

export function isSaving( state: SettingsState ): boolean {
	return state.saving;
}

/**
 * Whether a setting has an effect with the form's values (the AI endpoint
 * only with an HTTP provider): those that do not are hidden and not saved.
 */
export function applies( state: SettingsState, field: SettingField ): boolean {
	const rule = field.applies_when;
	return ! rule || rule.values.includes( String( state.values[ rule.key ] ) );
}

/**
 * The edited values of settings that apply: what Save sends (keys left out
 * keep their value). Not memoized: only `save()` reads it (WordPress 6.5's
 * data package has no `createSelector`).
 */
export function getEdits( state: SettingsState ): Values {
	const fields = state.screen?.fields ?? [];
	return Object.fromEntries(
		state.dirty
			.filter( ( key ) => {
				const field = fields.find( ( one ) => one.key === key );
				return ! field || applies( state, field );
			} )
			.map( ( key ) => [ key, state.values[ key ] ] )
	);
}

/** Why each edited value cannot be saved, checked before sending. */
export function getInvalidEdits(
	state: SettingsState
): Record< string, string > {
	const edits = getEdits( state );
	const invalid: Record< string, string > = {};
	for ( const field of state.screen?.fields ?? [] ) {
		if ( field.key in edits ) {
			const problem = checkValue( field, edits[ field.key ] );
			if ( problem ) {
				invalid[ field.key ] = problem;
			}
		}
	}
	return invalid;
}
