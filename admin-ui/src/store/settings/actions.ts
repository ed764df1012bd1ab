/**
 * Actions of the settings store: edits stay local until `save()` sends them.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import {
	serverMessage,
	type ServerRefusal,
} from '../../components/setting-control/validation';
import { client, errorOf, isOk } from '../../api/client';
import { clearErrors, showError, showSuccess } from '../notices';
import { NOTICE_CONTEXT } from './constants';
import type { SettingsAction, Thunk } from './types';

export function edit( key: string, value: unknown ): SettingsAction {
	return { type: 'EDIT', key, value };
}

/** Forgets the edit of a key: it keeps its stored value (a secret left empty). */
export function discard( key: string ): SettingsAction {
	return { type: 'DISCARD', key };
}

/** The failure notice: says that nothing, not even the valid changes, was saved. */
function nothingSaved( count: number ): string {
	return sprintf(
		/* translators: %d: number of settings to correct. */
		_n(
			'Nothing was saved: %d setting needs a change. Your other changes were not saved either; they are still in the form.',
			'Nothing was saved: %d settings need a change. Your other changes were not saved either; they are still in the form.',
			count,
			'media-community-service'
		),
		count
	);
}

export function fetchScreen(): Thunk {
	return async ( { dispatch, registry } ) => {
		const response = await client.call( 'get_settings' );
		if ( isOk( response ) ) {
			dispatch( { type: 'RECEIVE_SCREEN', screen: response.body } );
		} else {
			showError( registry, NOTICE_CONTEXT, errorOf( response ).message );
		}
	};
}

/**
 * Checks the edited values, then sends them. The route saves all or
 * nothing; on a 400 its `data.details` (else `data.params`) says why each
 * refused key was refused, reworded here for the field's label. Resolves to
 * whether the values were saved.
 */
export function save(): Thunk< boolean > {
	return async ( { dispatch, select, registry } ) => {
		clearErrors( registry, NOTICE_CONTEXT );
		const invalid = select.getInvalidEdits();
		if ( Object.keys( invalid ).length > 0 ) {
			dispatch( { type: 'SAVE_FAILURE', errors: invalid } );
			showError(
				registry,
				NOTICE_CONTEXT,
				nothingSaved( Object.keys( invalid ).length )
			);
			return false;
		}
		dispatch( { type: 'SAVE_START' } );
		const response = await client.call( 'update_settings', {
			body: { values: select.getEdits() },
		} );
		if ( isOk( response ) ) {
			dispatch( { type: 'SAVE_SUCCESS', screen: response.body } );
			showSuccess(
				registry,
				NOTICE_CONTEXT,
				__( 'Settings saved.', 'media-community-service' )
			);
			return true;
		}
		const error = errorOf( response );
		const refused = {
			...( ( error.data.params ?? {} ) as Record< string, string > ),
			...( ( error.data.details ?? {} ) as Record<
				string,
				ServerRefusal
			> ),
		};
		const fields = select.getScreen()?.fields ?? [];
		const errors: Record< string, string > = {};
		for ( const [ key, refusal ] of Object.entries( refused ) ) {
			const field = fields.find( ( one ) => one.key === key );
			if ( field ) {
				errors[ key ] = serverMessage( field, refusal );
			}
		}
		dispatch( { type: 'SAVE_FAILURE', errors } );
		const count = Object.keys( errors ).length;
		// A refusal of no field on the screen (or no 400 at all) keeps its own words.
		showError(
			registry,
			NOTICE_CONTEXT,
			count > 0 ? nothingSaved( count ) : error.message
		);
		return false;
	};
}
