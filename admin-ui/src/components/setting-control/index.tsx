/**
 * One setting, rendered from its descriptor by type: toggle for booleans,
 * select for enums, an amount with a unit menu for sizes, durations and
 * pixel caps, number field for other numbers, token field for string lists,
 * password field for secrets, text field otherwise. Under each: the error
 * (named by the label), the range and default in the field's units, the
 * help for site owners, and the technical details behind "More".
 */
import {
	Button,
	FormTokenField,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingControlProps } from './types';
import { UnitField } from './unit-field';
import { rangeText } from './validation';

export function SettingControl( props: SettingControlProps ) {
	const { field } = props;
	// Outside the control: its help is a <p>, which cannot hold a <details>.
	return (
		<>
			<Control { ...props } />
			{ field.details && (
				<details className="mvs-settings__details">
					<summary>
						{ __( 'More', 'media-community-service' ) }
					</summary>
					<p>{ field.details }</p>
				</details>
			) }
		</>
	);
}

function Control( {
	field,
	value,
	error,
	dirty = false,
	onChange,
	onDiscard,
}: SettingControlProps ) {
	const id = `mvs-setting-${ field.key }`;
	const errorId = `${ id }-error`;
	const range = rangeText( field );
	const help = (
		<>
			{ error && (
				<span id={ errorId } className="mvs-settings__error">
					{ error }
				</span>
			) }
			{ range && <span className="mvs-settings__range">{ range }</span> }
			{ field.description && (
				<span className="mvs-settings__description">
					{ field.description }
				</span>
			) }
		</>
	);
	// The help starts with the error: what a screen reader says first on focus.
	const invalid = error
		? { 'aria-invalid': true, 'aria-describedby': `${ id }__help` }
		: {};
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
				id={ id }
				label={ field.title }
				help={ help }
				value={ String( value ?? '' ) }
				options={
					field.options ??
					field.enum.map( ( option: string ) => ( {
						value: option,
						label: option,
					} ) )
				}
				onChange={ ( next: string ) => onChange( next ) }
				{ ...invalid }
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
				<p
					className="components-base-control__help"
					id={ `${ id }__help` }
				>
					{ help }
				</p>
			</div>
		);
	}
	if (
		field.unit &&
		( 'integer' === field.type || 'number' === field.type )
	) {
		return (
			<UnitField
				id={ id }
				field={ { ...field, unit: field.unit } }
				value={ value }
				help={ help }
				invalid={ invalid }
				onChange={ onChange }
			/>
		);
	}
	if ( 'integer' === field.type || 'number' === field.type ) {
		return (
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				id={ id }
				type="number"
				label={ field.title }
				help={ help }
				min={ field.minimum ?? undefined }
				max={ field.maximum ?? undefined }
				step={ 'number' === field.type ? 'any' : undefined }
				value={
					null === value || undefined === value ? '' : String( value )
				}
				onChange={ ( next: string ) =>
					onChange( '' === next ? '' : Number( next ) )
				}
				{ ...invalid }
			/>
		);
	}
	if ( field.secret ) {
		// Never the stored secret (the route sends none): empty keeps it,
		// a typed value replaces it, Remove deletes it.
		const removing = dirty && '' === value;
		return (
			<div className="mvs-settings__secret">
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					id={ id }
					type="password"
					autoComplete="new-password"
					label={ field.title }
					help={
						<>
							{ field.is_set && ! dirty && (
								<span className="mvs-settings__stored">
									{ __(
										'A key is stored. Leave this empty to keep it.',
										'media-community-service'
									) }
								</span>
							) }
							{ removing && (
								<span className="mvs-settings__stored">
									{ __(
										'The stored key will be removed when you save.',
										'media-community-service'
									) }
								</span>
							) }
							{ help }
						</>
					}
					value={ removing ? '' : String( value ?? '' ) }
					onChange={ ( next: string ) =>
						'' === next && onDiscard
							? onDiscard()
							: onChange( next )
					}
					{ ...invalid }
				/>
				{ field.is_set && ! removing && (
					<Button
						variant="secondary"
						onClick={ () => onChange( '' ) }
					>
						{ __(
							'Remove the stored key',
							'media-community-service'
						) }
					</Button>
				) }
			</div>
		);
	}
	return (
		<TextControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			id={ id }
			type="text"
			label={ field.title }
			help={ help }
			value={ String( value ?? '' ) }
			onChange={ ( next: string ) => onChange( next ) }
			{ ...invalid }
		/>
	);
}
