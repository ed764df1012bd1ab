/**
 * The settings screen: every setting of GET /mvs/v1/settings grouped by
 * section; Save sends only the changed values to PUT /mvs/v1/settings, which
 * saves all or nothing and names each invalid field.
 */
import { Button, Card, CardBody, CardHeader, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { SettingsScreen } from '../../../../codegen/out/client';
import { client, errorOf, isOk } from '../../api/client';
import { Notices, useNotices } from '../notices';
import { SettingControl } from '../setting-control';

type Values = Record< string, unknown >;

export function SettingsForm() {
	const [ screen, setScreen ] = useState< SettingsScreen | null >( null );
	const [ values, setValues ] = useState< Values >( {} );
	const [ dirty, setDirty ] = useState< string[] >( [] );
	const [ errors, setErrors ] = useState< Record< string, string > >( {} );
	const [ saving, setSaving ] = useState( false );
	const { notices, add, remove, clearErrors } = useNotices();

	const show = ( data: SettingsScreen ) => {
		setScreen( data );
		setValues( { ...( data.values as Values ) } );
		setDirty( [] );
	};

	useEffect( () => {
		void client.call( 'get_settings' ).then( ( response ) => {
			if ( isOk( response ) ) {
				show( response.body );
			} else {
				add( 'error', errorOf( response ).message );
			}
		} );
	}, [ add ] );

	const save = async () => {
		setSaving( true );
		clearErrors();
		const changed: Values = {};
		for ( const key of dirty ) {
			changed[ key ] = values[ key ];
		}
		const response = await client.call( 'update_settings', { body: { values: changed } } );
		if ( isOk( response ) ) {
			show( response.body );
			setErrors( {} );
			add( 'success', __( 'Settings saved.', 'media-community-service' ) );
		} else {
			const error = errorOf( response );
			const params = ( error.data.params ?? {} ) as Record< string, string >;
			setErrors( params );
			add( 'error', error.message );
		}
		setSaving( false );
	};

	if ( ! screen ) {
		return (
			<>
				<Notices notices={ notices } onRemove={ remove } />
				<Spinner />
			</>
		);
	}

	return (
		<form
			className="mvs-settings"
			// The server validates every value and names each bad field; the
			// browser's own bubbles would show only one field at a time.
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				void save();
			} }
		>
			<Notices notices={ notices } onRemove={ remove } />
			{ screen.sections.map( ( section ) => {
				const fields = screen.fields.filter( ( field ) => field.section === section.key );
				if ( 0 === fields.length ) {
					return null;
				}
				return (
					<Card key={ section.key } className="mvs-settings__section">
						<CardHeader>
							<h2>{ section.title }</h2>
						</CardHeader>
						<CardBody>
							{ fields.map( ( field ) => (
								<div key={ field.key } className="mvs-settings__field" data-setting={ field.key }>
									<SettingControl
										field={ field }
										value={ values[ field.key ] }
										error={ errors[ field.key ] }
										onChange={ ( next ) => {
											setValues( ( current ) => ( { ...current, [ field.key ]: next } ) );
											setDirty( ( keys ) => ( keys.includes( field.key ) ? keys : [ ...keys, field.key ] ) );
										} }
									/>
								</div>
							) ) }
						</CardBody>
					</Card>
				);
			} ) }
			<p className="submit">
				<Button variant="primary" type="submit" isBusy={ saving } disabled={ saving || 0 === dirty.length }>
					{ __( 'Save settings', 'media-community-service' ) }
				</Button>
			</p>
		</form>
	);
}
