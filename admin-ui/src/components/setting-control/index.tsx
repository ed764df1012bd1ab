/**
 * One setting, rendered from its descriptor by type: toggle for booleans,
 * select for enums, number field for integers, token field for string
 * lists, password field for secrets, text field otherwise.
 */
import {
	FormTokenField,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingControlProps } from './types';

export function SettingControl( {
	field,
	value,
	error,
	onChange,
}: SettingControlProps ) {
	const help = error ? (
		<span className="mvs-settings__error" role="alert">
			{ error }
		</span>
	) : (
		field.description
	);
	if ( 'boolean' === field.type ) {
		return (
			<ToggleControl
				__nextHasNoMarginBottom
				label={ field.title }
				help={ help }
				checked={ Boolean( value ) }
				onChange={ ( checked: boolean ) => onChange( checked ) }
			/>
		);
	}
	if ( field.enum ) {
		return (
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ field.title }
				help={ help }
				value={ String( value ?? '' ) }
				options={
					field.options ??
					field.enum.map( ( option ) => ( {
						value: option,
						label: option,
					} ) )
				}
				onChange={ ( next: string ) => onChange( next ) }
			/>
		);
	}
	if ( 'array' === field.type ) {
		return (
			<div className="mvs-settings__tokens">
				<FormTokenField
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ field.title }
					value={
						Array.isArray( value ) ? ( value as string[] ) : []
					}
					onChange={ ( tokens ) =>
						onChange(
							tokens.map( ( token ) =>
								'string' === typeof token ? token : token.value
							)
						)
					}
				/>
				<p className="components-base-control__help">{ help }</p>
			</div>
		);
	}
	if ( 'integer' === field.type || 'number' === field.type ) {
		return (
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="number"
				label={ field.title }
				help={ help }
				min={ field.minimum ?? undefined }
				max={ field.maximum ?? undefined }
				value={
					null === value || undefined === value ? '' : String( value )
				}
				onChange={ ( next: string ) =>
					onChange( '' === next ? '' : Number( next ) )
				}
			/>
		);
	}
	return (
		<TextControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			type={ field.secret ? 'password' : 'text' }
			autoComplete={ field.secret ? 'new-password' : undefined }
			label={ field.title }
			help={ help }
			placeholder={
				field.secret && field.is_set
					? __(
							'Stored; type a new value to replace it',
							'media-community-service'
						)
					: undefined
			}
			value={ String( value ?? '' ) }
			onChange={ ( next: string ) => onChange( next ) }
		/>
	);
}
