/**
 * The package dialog (create or edit): name, a limit per file type, storage
 * in MB or GB, the roles that hold it, default. Empty or 0 means unlimited;
 * storage is sent in bytes. The server's message shows in the dialog, and
 * next to the field it names.
 */
import {
	Button,
	CheckboxControl,
	Flex,
	Modal,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { PackageFields } from '../../store/quotas/types';
import { StorageField } from '../quotas-storage-field';
import { fromBytes, toBytes } from '../quotas-storage-field/units';
import type { PackageFormProps } from './types';

type CountKey = 'image_limit' | 'video_limit' | 'audio_limit';

/** A typed file count: empty is 0 (unlimited); NaN when not a whole number ≥ 0. */
function countOf( text: string ): number {
	if ( '' === text.trim() ) {
		return 0;
	}
	const value = Number( text );
	return Number.isInteger( value ) && value >= 0 ? value : NaN;
}

export function PackageForm( {
	initial,
	roles,
	saving,
	error,
	onSubmit,
	onCancel,
}: PackageFormProps ) {
	const storage = fromBytes( initial?.storage_bytes ?? 0 );
	const [ name, setName ] = useState( initial?.name ?? '' );
	const [ counts, setCounts ] = useState< Record< CountKey, string > >( {
		image_limit: String( initial?.image_limit ?? 0 ),
		video_limit: String( initial?.video_limit ?? 0 ),
		audio_limit: String( initial?.audio_limit ?? 0 ),
	} );
	const [ amount, setAmount ] = useState( storage.amount );
	const [ unit, setUnit ] = useState( storage.unit );
	const [ held, setHeld ] = useState< string[] >( initial?.roles ?? [] );
	const [ isDefault, setDefault ] = useState( initial?.is_default ?? false );
	const [ local, setLocal ] = useState< Record< string, string > >( {} );
	const fieldError = ( key: string ) => local[ key ] ?? error?.fields[ key ];

	const countLabels: Record< CountKey, string > = {
		image_limit: __( 'Images', 'media-community-service-pro' ),
		video_limit: __( 'Videos', 'media-community-service-pro' ),
		audio_limit: __( 'Audio files', 'media-community-service-pro' ),
	};

	const submit = () => {
		const problems: Record< string, string > = {};
		if ( '' === name.trim() ) {
			problems.name = __(
				'Give the package a name.',
				'media-community-service-pro'
			);
		}
		const fields: PackageFields = {
			name: name.trim(),
			image_limit: countOf( counts.image_limit ),
			video_limit: countOf( counts.video_limit ),
			audio_limit: countOf( counts.audio_limit ),
			storage_bytes: '' === amount.trim() ? 0 : toBytes( amount, unit ),
			is_default: isDefault,
			roles: held,
		};
		for ( const key of Object.keys( countLabels ) as CountKey[] ) {
			if ( Number.isNaN( fields[ key ] ) ) {
				problems[ key ] = __(
					'Enter a whole number, 0 or more (0 = unlimited).',
					'media-community-service-pro'
				);
			}
		}
		if ( Number.isNaN( fields.storage_bytes ) ) {
			problems.storage_bytes = __(
				'Enter a size, 0 or more (0 = unlimited).',
				'media-community-service-pro'
			);
		}
		setLocal( problems );
		if ( 0 === Object.keys( problems ).length ) {
			onSubmit( fields );
		}
	};

	return (
		<Modal
			title={
				initial
					? __( 'Edit package', 'media-community-service-pro' )
					: __( 'Add package', 'media-community-service-pro' )
			}
			onRequestClose={ onCancel }
			className="mvs-quotas__dialog"
		>
			<form
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					submit();
				} }
			>
				{ error && (
					<Notice status="error" isDismissible={ false }>
						{ error.message }
					</Notice>
				) }
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Name', 'media-community-service-pro' ) }
					value={ name }
					maxLength={ 200 }
					aria-invalid={ fieldError( 'name' ) ? true : undefined }
					help={ fieldError( 'name' ) }
					onChange={ setName }
				/>
				<fieldset className="mvs-quotas__limits">
					<legend>
						{ __(
							'Files per type (0 = unlimited)',
							'media-community-service-pro'
						) }
					</legend>
					{ ( Object.keys( countLabels ) as CountKey[] ).map(
						( key ) => (
							<TextControl
								key={ key }
								__nextHasNoMarginBottom
								__next40pxDefaultSize
								label={ countLabels[ key ] }
								type="number"
								min={ 0 }
								step={ 1 }
								value={ counts[ key ] }
								aria-invalid={
									fieldError( key ) ? true : undefined
								}
								help={ fieldError( key ) }
								onChange={ ( value: string ) =>
									setCounts( { ...counts, [ key ]: value } )
								}
							/>
						)
					) }
				</fieldset>
				<StorageField
					label={ __( 'Storage', 'media-community-service-pro' ) }
					amount={ amount }
					unit={ unit }
					help={ __(
						'Over all file types. 0 = unlimited.',
						'media-community-service-pro'
					) }
					error={ fieldError( 'storage_bytes' ) }
					onChange={ ( nextAmount, nextUnit ) => {
						setAmount( nextAmount );
						setUnit( nextUnit );
					} }
				/>
				{ roles.length > 0 && (
					<fieldset className="mvs-quotas__roles">
						<legend>
							{ __(
								'Members with these roles hold it',
								'media-community-service-pro'
							) }
						</legend>
						{ roles.map( ( role ) => (
							<CheckboxControl
								key={ role.slug }
								__nextHasNoMarginBottom
								label={ role.name }
								checked={ held.includes( role.slug ) }
								onChange={ ( checked: boolean ) =>
									setHeld(
										checked
											? [ ...held, role.slug ]
											: held.filter(
													( slug ) =>
														slug !== role.slug
												)
									)
								}
							/>
						) ) }
						{ fieldError( 'roles' ) && (
							<p className="mvs-quotas__error" role="alert">
								{ fieldError( 'roles' ) }
							</p>
						) }
					</fieldset>
				) }
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __(
						'Default package (for members who hold no other)',
						'media-community-service-pro'
					) }
					checked={ isDefault }
					onChange={ setDefault }
				/>
				<Flex justify="flex-end" className="mvs-quotas__dialog-actions">
					<Button variant="tertiary" onClick={ onCancel }>
						{ __( 'Cancel', 'media-community-service-pro' ) }
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving }
					>
						{ __( 'Save package', 'media-community-service-pro' ) }
					</Button>
				</Flex>
			</form>
		</Modal>
	);
}
