/**
 * A storage size typed in MB or GB: a number field and its unit, one group
 * for screen readers. The form converts it to bytes (./units).
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { StorageFieldProps } from './types';
import type { StorageUnit } from './units';

export function StorageField( {
	label,
	amount,
	unit,
	onChange,
	help,
	error,
}: StorageFieldProps ) {
	const id = useId();
	return (
		<fieldset
			className="mvs-quotas__storage"
			aria-describedby={ `${ id }-help` }
		>
			<legend>{ label }</legend>
			<div className="mvs-quotas__storage-inputs">
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Amount', 'media-community-service-pro' ) }
					type="number"
					min={ 0 }
					step="any"
					value={ amount }
					aria-invalid={ error ? true : undefined }
					onChange={ ( next: string ) => onChange( next, unit ) }
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Unit', 'media-community-service-pro' ) }
					value={ unit }
					options={ [
						{
							value: 'MB',
							label: __( 'MB', 'media-community-service-pro' ),
						},
						{
							value: 'GB',
							label: __( 'GB', 'media-community-service-pro' ),
						},
					] }
					onChange={ ( next: string ) =>
						onChange( amount, next as StorageUnit )
					}
				/>
			</div>
			<p id={ `${ id }-help` } className="description">
				{ help }
			</p>
			{ error && (
				<p className="mvs-quotas__error" role="alert">
					{ error }
				</p>
			) }
		</fieldset>
	);
}
