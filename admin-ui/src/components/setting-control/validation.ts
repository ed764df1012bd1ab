/**
 * Messages about a setting's value, in words a site owner reads: they name
 * the field by its label, never by its key, and give ranges in the field's
 * units. Used before saving (nothing is sent while a field is wrong) and to
 * reword the server's refusals, matched to their field by key.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { SettingField } from '../../../../client/src/client';
import { formatStored, smallestUnit, toStored, unitName } from './units';

/** One refusal of PUT /settings: data.details[key] of its 400. */
export interface ServerRefusal {
	code?: string;
	message?: string;
}

/** A field's number for reading: with its unit, or plain. */
export function formatNumber( field: SettingField, value: number ): string {
	return field.unit ? formatStored( value, field.unit ) : String( value );
}

/** "Between 1 KB and 4 GB. Default: 100 MB." (empty when the field has neither). */
export function rangeText( field: SettingField ): string {
	const parts: string[] = [];
	if (
		'number' === typeof field.minimum &&
		'number' === typeof field.maximum
	) {
		parts.push(
			sprintf(
				/* translators: 1: smallest allowed value, 2: largest allowed value. */
				__( 'From %1$s to %2$s.', 'media-community-service' ),
				formatNumber( field, field.minimum ),
				formatNumber( field, field.maximum )
			)
		);
	}
	if ( 'number' === typeof field.default ) {
		parts.push(
			sprintf(
				/* translators: %s: default value. */
				__( 'Default: %s.', 'media-community-service' ),
				formatNumber( field, field.default )
			)
		);
	}
	return parts.join( ' ' );
}

function outOfRange( field: SettingField ): string {
	if ( null !== field.minimum && null !== field.maximum ) {
		return sprintf(
			/* translators: 1: field label, 2: smallest allowed value, 3: largest allowed value. */
			__(
				'“%1$s” must be from %2$s to %3$s.',
				'media-community-service'
			),
			field.title,
			formatNumber( field, field.minimum ),
			formatNumber( field, field.maximum )
		);
	}
	return sprintf(
		/* translators: %s: field label. */
		__( '“%s” is outside the allowed range.', 'media-community-service' ),
		field.title
	);
}

function notANumber( field: SettingField ): string {
	return sprintf(
		/* translators: %s: field label. */
		__( '“%s” needs a number.', 'media-community-service' ),
		field.title
	);
}

/**
 * What is wrong with a value in the form, or null. A number field's value is
 * its stored number, or the text typed with its unit when that was no valid
 * amount ("abc MB", "0.5 minutes").
 */
export function checkValue(
	field: SettingField,
	value: unknown
): string | null {
	if ( 'integer' !== field.type && 'number' !== field.type ) {
		return null;
	}
	if ( 'string' === typeof value ) {
		if ( field.unit ) {
			const space = value.lastIndexOf( ' ' );
			const converted = toStored(
				value.slice( 0, space ),
				value.slice( space + 1 ),
				field.unit
			);
			if ( ! converted.ok && 'whole' === converted.problem ) {
				return sprintf(
					/* translators: 1: field label, 2: a unit, e.g. "minutes". */
					__(
						'“%1$s” must be a whole number of %2$s.',
						'media-community-service'
					),
					field.title,
					unitName( smallestUnit( field.unit ).key )
				);
			}
			if ( ! converted.ok && 'empty' === converted.problem ) {
				return sprintf(
					/* translators: %s: field label. */
					__( 'Enter a value for “%s”.', 'media-community-service' ),
					field.title
				);
			}
			if ( converted.ok ) {
				return checkValue( field, converted.value );
			}
		}
		if ( '' === value.trim() ) {
			return sprintf(
				/* translators: %s: field label. */
				__( 'Enter a value for “%s”.', 'media-community-service' ),
				field.title
			);
		}
		return notANumber( field );
	}
	if ( 'number' !== typeof value || ! Number.isFinite( value ) ) {
		return notANumber( field );
	}
	if ( 'integer' === field.type && ! Number.isInteger( value ) ) {
		return sprintf(
			/* translators: %s: field label. */
			__( '“%s” must be a whole number.', 'media-community-service' ),
			field.title
		);
	}
	if (
		( null !== field.minimum && value < field.minimum ) ||
		( null !== field.maximum && value > field.maximum )
	) {
		return outOfRange( field );
	}
	return null;
}

/**
 * The server's refusal of a field in plain words. Schema refusals (their
 * `code`) get the screen's own sentence; the plugin's own messages are
 * already written for people, and have any key replaced by the label.
 */
export function serverMessage(
	field: SettingField,
	refusal: ServerRefusal | string
): string {
	const code = 'string' === typeof refusal ? '' : ( refusal.code ?? '' );
	const message =
		'string' === typeof refusal ? refusal : ( refusal.message ?? '' );
	switch ( code ) {
		case 'rest_out_of_bounds':
			return outOfRange( field );
		case 'rest_invalid_type':
			if ( 'integer' === field.type || 'number' === field.type ) {
				return notANumber( field );
			}
			return sprintf(
				/* translators: %s: field label. */
				__(
					'“%s” has a value of the wrong kind.',
					'media-community-service'
				),
				field.title
			);
		case 'rest_not_in_enum':
			return sprintf(
				/* translators: %s: field label. */
				__(
					'Choose one of the options of “%s”.',
					'media-community-service'
				),
				field.title
			);
		case 'rest_too_long':
			return sprintf(
				/* translators: %s: field label. */
				__( '“%s” is too long.', 'media-community-service' ),
				field.title
			);
		case 'rest_invalid_pattern':
		case 'rest_invalid_format':
			return sprintf(
				/* translators: %s: field label. */
				__(
					'“%s” is not in the expected form: see the help below it.',
					'media-community-service'
				),
				field.title
			);
	}
	const worded = message.split( field.key ).join( `“${ field.title }”` );
	if ( worded.includes( field.title ) ) {
		return worded;
	}
	return sprintf(
		/* translators: 1: field label, 2: why the value was refused. */
		__( '“%1$s”: %2$s', 'media-community-service' ),
		field.title,
		worded
	);
}
