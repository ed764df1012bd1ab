/**
 * The desk's uploader filter: a combobox that asks the server for members
 * as the moderator types (debounced; part of a name, a login, or an ID) and
 * filters by the one picked. The chosen member stays shown by name: from a
 * row that names them, else asked for by ID (after a reload with
 * `uploader=` in the URL). Its Reset button clears the filter. The route
 * and why it is not GET /users/search: docs/moderation.md, "Moderation desk".
 */
import { ComboboxControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { client, isOk } from '../../api/client';

/** Wait after the last keystroke before asking the server. */
export const SEARCH_DELAY_MS = 250;

interface Member {
	id: number;
	name: string;
}

export interface DeskUploaderFilterProps {
	/** The filtered uploader's ID, or null. */
	uploader: number | null;
	/** Their name when a shown row tells it (saves a request). */
	knownName: string | null;
	onChange: ( uploader: number | null ) => void;
}

async function findMembers( search: string ): Promise< Member[] > {
	const response = await client.call( 'search_desk_members', {
		query: { search, per_page: 10 },
	} );
	return isOk( response )
		? response.body.map( ( card ) => ( {
				id: card.id,
				name: card.display_name,
			} ) )
		: [];
}

/** A member as the list shows them: the ID too, so typing it matches and namesakes differ. */
function optionOf( member: Member ) {
	return {
		value: String( member.id ),
		label: sprintf(
			/* translators: 1: member display name, 2: user ID. */
			__( '%1$s (#%2$d)', 'media-community-service' ),
			member.name,
			member.id
		),
	};
}

export function DeskUploaderFilter( {
	uploader,
	knownName,
	onChange,
}: DeskUploaderFilterProps ) {
	const [ typed, setTyped ] = useState( '' );
	const [ found, setFound ] = useState< Member[] >( [] );
	const [ chosen, setChosen ] = useState< Member | null >( null );

	// The chosen member's name: from a row, else asked for by ID once.
	useEffect( () => {
		if ( ! uploader ) {
			setChosen( null );
			return;
		}
		if ( knownName ) {
			setChosen( { id: uploader, name: knownName } );
			return;
		}
		if ( chosen?.id === uploader ) {
			return;
		}
		let current = true;
		void findMembers( `#${ uploader }` ).then( ( members ) => {
			const member = members.find( ( { id } ) => id === uploader );
			if ( current ) {
				setChosen( member ?? { id: uploader, name: `#${ uploader }` } );
			}
		} );
		return () => {
			current = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the filter changes.
	}, [ uploader, knownName ] );

	// What the moderator types, asked for once they pause.
	useEffect( () => {
		const search = typed.trim();
		if ( ! search ) {
			setFound( [] );
			return;
		}
		let current = true;
		const timer = setTimeout( () => {
			void findMembers( search ).then( ( members ) => {
				if ( current ) {
					setFound( members );
				}
			} );
		}, SEARCH_DELAY_MS );
		return () => {
			current = false;
			clearTimeout( timer );
		};
	}, [ typed ] );

	const members = [ ...found ];
	if ( chosen && ! members.some( ( { id } ) => id === chosen.id ) ) {
		members.push( chosen );
	}
	return (
		<ComboboxControl
			__nextHasNoMarginBottom
			className="mvs-desk__uploader"
			label={ __( 'Uploader', 'media-community-service' ) }
			value={ uploader ? String( uploader ) : null }
			options={ members.map( optionOf ) }
			onFilterValueChange={ setTyped }
			onChange={ ( value?: string | null ) => {
				const id = value ? Number( value ) : null;
				const member = found.find( ( m ) => m.id === id );
				if ( member ) {
					setChosen( member );
				}
				onChange( id );
			} }
		/>
	);
}
