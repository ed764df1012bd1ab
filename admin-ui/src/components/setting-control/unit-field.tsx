/**
 * A stored number typed as an amount and a unit (100 MB, 1 hour, 25
 * megapixels). What the form stores is the converted number, or the text
 * typed with its unit when it converts to none (the store's check words the
 * problem). The amount typed stays as typed until the value changes from
 * outside (a save or reload).
 */
import { BaseControl } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { SettingField } from '../../../../client/src/client';
import {
	exampleDimensions,
	fromStored,
	smallestUnit,
	toStored,
	UNITS,
	unitName,
	type StoredUnit,
} from './units';

interface UnitFieldProps {
	id: string;
	field: SettingField & { unit: StoredUnit };
	value: unknown;
	help: ReactNode;
	invalid: Record< string, unknown >;
	onChange: ( value: unknown ) => void;
}

function shown( value: unknown, unit: StoredUnit ) {
	return 'number' === typeof value
		? fromStored( value, unit )
		: { amount: '', unit: smallestUnit( unit ).key };
}

export function UnitField( {
	id,
	field,
	value,
	help,
	invalid,
	onChange,
}: UnitFieldProps ) {
	const [ typed, setTyped ] = useState( () => shown( value, field.unit ) );
	const emitted = useRef< unknown >( value );
	useEffect( () => {
		if ( value !== emitted.current ) {
			emitted.current = value;
			setTyped( shown( value, field.unit ) );
		}
	}, [ value, field.unit ] );

	const emit = ( amount: string, unit: string ) => {
		setTyped( { amount, unit } );
		const converted = toStored( amount, unit, field.unit );
		const next = converted.ok ? converted.value : `${ amount } ${ unit }`;
		emitted.current = next;
		onChange( next );
	};
	const units = UNITS[ field.unit ];
	return (
		<BaseControl
			__nextHasNoMarginBottom
			id={ id }
			label={ field.title }
			help={
				<>
					{ 'pixels' === field.unit && 'number' === typeof value && (
						<span className="mvs-settings__example">
							{ sprintf(
								/* translators: %s: width × height in pixels. */
								__(
									'About %s (4:3 photo).',
									'media-community-service'
								),
								exampleDimensions( value )
							) }
						</span>
					) }
					{ help }
				</>
			}
		>
			<div className="mvs-settings__amount">
				<input
					id={ id }
					className="components-text-control__input is-next-40px-default-size"
					type="text"
					inputMode="decimal"
					value={ typed.amount }
					aria-describedby={ `${ id }__help` }
					onChange={ ( event ) =>
						emit( event.target.value, typed.unit )
					}
					{ ...invalid }
				/>
				{ units.length > 1 ? (
					<select
						className="components-select-control__input"
						aria-label={ sprintf(
							/* translators: %s: field label. */
							__( 'Unit of “%s”', 'media-community-service' ),
							field.title
						) }
						value={ typed.unit }
						onChange={ ( event ) =>
							emit( typed.amount, event.target.value )
						}
					>
						{ units.map( ( unit ) => (
							<option key={ unit.key } value={ unit.key }>
								{ unitName( unit.key ) }
							</option>
						) ) }
					</select>
				) : (
					<span className="mvs-settings__unit">
						{ unitName( smallestUnit( field.unit ).key ) }
					</span>
				) }
			</div>
		</BaseControl>
	);
}
