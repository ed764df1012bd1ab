/**
 * The moderation desk's tabs: Media (the queue), Comments (held by the spam
 * check) and Members (reported or suspended), with the number waiting on
 * the Comments and Members tabs. The tab lives in the URL (`tab`), so a
 * reload or a shared link opens the same one.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { client, isOk } from '../../api/client';
import { DeskComments } from '../desk-comments';
import { DeskMembers } from '../desk-members';
import '../../moderation-tabs.scss';

export type DeskTab = 'media' | 'comments' | 'members';

const TABS: readonly DeskTab[] = [ 'media', 'comments', 'members' ];

/** The tab a URL asks for; anything else opens Media. */
export function tabFromSearch( search: string ): DeskTab {
	const tab = new URLSearchParams( search ).get( 'tab' ) as DeskTab;
	return TABS.includes( tab ) ? tab : 'media';
}

function writeTab( tab: DeskTab ): void {
	const url = new URL( window.location.href );
	if ( 'media' === tab ) {
		url.searchParams.delete( 'tab' );
	} else {
		url.searchParams.set( 'tab', tab );
	}
	window.history.replaceState( window.history.state, '', url.toString() );
}

async function totalOf(
	request: ReturnType< typeof client.call >
): Promise< number | null > {
	const response = await request;
	return isOk( response )
		? Number( response.headers[ 'x-wp-total' ] ?? 0 )
		: null;
}

export function DeskTabs( { media }: { media: ReactNode } ) {
	const [ tab, setTab ] = useState< DeskTab >( () =>
		tabFromSearch( window.location.search )
	);
	const [ comments, setComments ] = useState< number | null >( null );
	const [ members, setMembers ] = useState< number | null >( null );

	// Two one-row requests: the counts are their X-WP-Total, asked again after every action.
	const refresh = useCallback( () => {
		totalOf(
			client.call( 'list_held_comments', { query: { per_page: 1 } } )
		).then( setComments );
		totalOf(
			client.call( 'list_reported_members', { query: { per_page: 1 } } )
		).then( setMembers );
	}, [] );
	useEffect( refresh, [ refresh ] );

	const label = ( text: string, count: number | null ) =>
		null === count
			? text
			: sprintf(
					/* translators: 1: tab name, 2: number waiting. */
					__( '%1$s (%2$d)', 'media-community-service' ),
					text,
					count
				);
	const tabs: { id: DeskTab; label: string }[] = [
		{ id: 'media', label: __( 'Media', 'media-community-service' ) },
		{
			id: 'comments',
			label: label(
				__( 'Comments', 'media-community-service' ),
				comments
			),
		},
		{
			id: 'members',
			label: label( __( 'Members', 'media-community-service' ), members ),
		},
	];
	const select = ( next: DeskTab ) => {
		setTab( next );
		writeTab( next );
	};

	return (
		<div className="mvs-tabs">
			<nav
				className="nav-tab-wrapper mvs-tabs__nav"
				aria-label={ __(
					'Moderation desk',
					'media-community-service'
				) }
			>
				{ tabs.map( ( item ) => (
					<button
						key={ item.id }
						type="button"
						className={ `nav-tab${ tab === item.id ? ' nav-tab-active' : '' }` }
						aria-current={ tab === item.id ? 'page' : undefined }
						onClick={ () => select( item.id ) }
					>
						{ item.label }
					</button>
				) ) }
			</nav>
			{ 'media' === tab && media }
			{ 'comments' === tab && <DeskComments onChange={ refresh } /> }
			{ 'members' === tab && <DeskMembers onChange={ refresh } /> }
		</div>
	);
}
