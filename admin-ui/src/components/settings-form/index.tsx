/**
 * The settings screen: every setting of GET /mvs/v1/settings grouped by
 * section, with a list of the sections to jump to; settings that do not
 * apply (the AI endpoint with local analysis) are hidden. Save checks the
 * edited values, then sends them to PUT /mvs/v1/settings, which saves all or
 * nothing; after a refusal the first refused field gets the focus. Leaving
 * with unsaved changes asks first. State lives in the `mvs/settings` store.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Spinner,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { SettingField } from '../../../../client/src/client';
import { NOTICE_CONTEXT, store } from '../../store/settings';
import { Notices } from '../notices';
import { SettingControl } from '../setting-control';

/** One field with its current value and server message, from the store. */
function StoredSetting( { field }: { field: SettingField } ) {
	const { value, error, dirty, applies } = useSelect(
		( select ) => ( {
			value: select( store ).getValue( field.key ),
			error: select( store ).getError( field.key ),
			dirty: select( store ).isDirty( field.key ),
			applies: select( store ).applies( field ),
		} ),
		[ field ]
	);
	const { edit, discard } = useDispatch( store );
	if ( ! applies ) {
		return null;
	}
	return (
		<div className="mvs-settings__field" data-setting={ field.key }>
			<SettingControl
				field={ field }
				value={ value }
				error={ error }
				dirty={ dirty }
				onChange={ ( next ) => void edit( field.key, next ) }
				onDiscard={ () => void discard( field.key ) }
			/>
		</div>
	);
}

export function SettingsForm() {
	const { screen, saving, edited } = useSelect(
		( select ) => ( {
			screen: select( store ).getScreen(),
			saving: select( store ).isSaving(),
			edited: select( store ).hasEdits(),
		} ),
		[]
	);
	const { save } = useDispatch( store );
	const form = useRef< HTMLFormElement >( null );
	// Counts refused saves; each moves the focus once the fields show why.
	const [ refusals, setRefusals ] = useState( 0 );
	useEffect( () => {
		if ( refusals > 0 ) {
			// The first refused field in page order, wherever it is.
			form.current
				?.querySelector< HTMLElement >( '[aria-invalid="true"]' )
				?.focus();
		}
	}, [ refusals ] );

	useEffect( () => {
		if ( ! edited ) {
			return undefined;
		}
		// The browser's own "Leave site?" question (its text cannot be set).
		const warn = ( event: BeforeUnloadEvent ) => {
			event.preventDefault();
			event.returnValue = '';
		};
		window.addEventListener( 'beforeunload', warn );
		return () => window.removeEventListener( 'beforeunload', warn );
	}, [ edited ] );

	if ( ! screen ) {
		return (
			<>
				<Notices context={ NOTICE_CONTEXT } />
				<Spinner />
			</>
		);
	}

	const sections = screen.sections.filter( ( section ) =>
		screen.fields.some( ( field ) => field.section === section.key )
	);
	return (
		<form
			ref={ form }
			className="mvs-settings"
			// The server validates every value and names each bad field; the
			// browser's own bubbles would show only one field at a time.
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				void ( async () => {
					if ( ! ( await save() ) ) {
						setRefusals( ( count ) => count + 1 );
					}
				} )();
			} }
		>
			<Notices context={ NOTICE_CONTEXT } />
			<nav
				className="mvs-settings__nav"
				aria-label={ __(
					'Settings sections',
					'media-community-service'
				) }
			>
				<ul>
					{ sections.map( ( section ) => (
						<li key={ section.key }>
							<a href={ `#mvs-section-${ section.key }` }>
								{ section.title }
							</a>
						</li>
					) ) }
				</ul>
			</nav>
			{ sections.map( ( section ) => (
				<Card
					key={ section.key }
					className="mvs-settings__section"
					id={ `mvs-section-${ section.key }` }
				>
					<CardHeader>
						<h2>{ section.title }</h2>
					</CardHeader>
					<CardBody>
						{ screen.fields
							.filter(
								( field ) => field.section === section.key
							)
							.map( ( field ) => (
								<StoredSetting
									key={ field.key }
									field={ field }
								/>
							) ) }
					</CardBody>
				</Card>
			) ) }
			<p className="submit">
				<Button
					variant="primary"
					type="submit"
					isBusy={ saving }
					disabled={ saving || ! edited }
				>
					{ __( 'Save settings', 'media-community-service' ) }
				</Button>
			</p>
		</form>
	);
}
