/**
 * Actions of the settings store: edits stay local until `save()` sends them.
 */
import { __ } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import { clearErrors, showError, showSuccess } from '../notices';
import { NOTICE_CONTEXT } from './constants';
import type { SettingsAction, Thunk } from './types';

export function edit( key: string, value: unknown ): SettingsAction {
	return { type: 'EDIT', key, value };
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
 * Sends the edited values. The route saves all or nothing; on a 400 its
 * `data.params` names the message of each refused key.
 */
export function save(): Thunk {
	return async ( { dispatch, select, registry } ) => {
		dispatch( { type: 'SAVE_START' } );
		clearErrors( registry, NOTICE_CONTEXT );
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
		} else {
			const error = errorOf( response );
			dispatch( {
				type: 'SAVE_FAILURE',
				errors: ( error.data.params ?? {} ) as Record< string, string >,
			} );
			showError( registry, NOTICE_CONTEXT, error.message );
		}
	};
}
