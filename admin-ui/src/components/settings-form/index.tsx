/**
 * The settings screen: every setting of GET /mvs/v1/settings grouped by
 * section; Save sends only the changed values to PUT /mvs/v1/settings, which
 * saves all or nothing and names each invalid field. State lives in the
 * `mvs/settings` store.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Spinner,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import type { SettingField } from '../../../../codegen/out/client';
import { NOTICE_CONTEXT, store } from '../../store/settings';
import { Notices } from '../notices';
import { SettingControl } from '../setting-control';

/** One field with its current value and server message, from the store. */
function StoredSetting( { field }: { field: SettingField } ) {
	const { value, error } = useSelect(
		( select ) => ( {
			value: select( store ).getValue( field.key ),
			error: select( store ).getError( field.key ),
		} ),
		[ field.key ]
	);
	const { edit } = useDispatch( store );
	return (
		<SettingControl
			field={ field }
			value={ value }
			error={ error }
			onChange={ ( next ) => void edit( field.key, next ) }
		/>
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

	if ( ! screen ) {
		return (
			<>
				<Notices context={ NOTICE_CONTEXT } />
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
			<Notices context={ NOTICE_CONTEXT } />
			{ screen.sections.map( ( section ) => {
				const fields = screen.fields.filter(
					( field ) => field.section === section.key
				);
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
								<div
									key={ field.key }
									className="mvs-settings__field"
									data-setting={ field.key }
								>
									<StoredSetting field={ field } />
								</div>
							) ) }
						</CardBody>
					</Card>
				);
			} ) }
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
