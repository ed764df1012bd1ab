/**
 * Members' usage against their limits (GET /quotas/members, one request a
 * page): a search, a sort (name, registration, storage or files used) and
 * pages, each row with usage bars, and Manage, which opens the member
 * panel. Collapses to stacked rows on phones.
 */
import {
	Button,
	Flex,
	SearchControl,
	SelectControl,
	Spinner,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { MemberQuota } from '../../../../client/src/client';
import { store } from '../../store/quotas';
import type { MembersQuery } from '../../store/quotas/types';
import { MemberPanel } from '../quotas-member-panel';
import { formatBytes } from '../quotas-storage-field/units';
import { LoadError } from '../quotas-load-error';
import { UsageBar } from '../quotas-usage-bar';

const SORTS: Record< string, Pick< MembersQuery, 'orderby' | 'order' > > = {
	'name-asc': { orderby: 'name', order: 'asc' },
	'name-desc': { orderby: 'name', order: 'desc' },
	'registered-desc': { orderby: 'registered', order: 'desc' },
	'registered-asc': { orderby: 'registered', order: 'asc' },
	'storage-desc': { orderby: 'storage_used', order: 'desc' },
	'items-desc': { orderby: 'items_used', order: 'desc' },
};

function MemberRow( { member }: { member: MemberQuota } ) {
	// The panel's writes (assignment, credits) update the quota kept by user ID.
	const quota =
		useSelect(
			( select ) => select( store ).getQuota( member.id ),
			[ member.id ]
		) ?? member.quota;
	const { openMember } = useDispatch( store );
	const { usage, limits, bypass } = quota;
	const cells = (
		<>
			<td data-colname={ __( 'Package', 'media-community-service-pro' ) }>
				{ quota.package ||
					__( 'None (unlimited)', 'media-community-service-pro' ) }
				{ bypass && (
					<span className="mvs-quotas__badge">
						{ __( 'Not enforced', 'media-community-service-pro' ) }
					</span>
				) }
			</td>
			<td data-colname={ __( 'Files', 'media-community-service-pro' ) }>
				<UsageBar
					label={ sprintf(
						/* translators: %s: member name. */
						__( 'Images of %s', 'media-community-service-pro' ),
						member.name
					) }
					caption={ __( 'Images', 'media-community-service-pro' ) }
					used={ usage.image_count }
					limit={ limits.image_limit }
				/>
				<UsageBar
					label={ sprintf(
						/* translators: %s: member name. */
						__( 'Videos of %s', 'media-community-service-pro' ),
						member.name
					) }
					caption={ __( 'Videos', 'media-community-service-pro' ) }
					used={ usage.video_count }
					limit={ limits.video_limit }
				/>
				<UsageBar
					label={ sprintf(
						/* translators: %s: member name. */
						__(
							'Audio files of %s',
							'media-community-service-pro'
						),
						member.name
					) }
					caption={ __( 'Audio', 'media-community-service-pro' ) }
					used={ usage.audio_count }
					limit={ limits.audio_limit }
				/>
			</td>
			<td data-colname={ __( 'Storage', 'media-community-service-pro' ) }>
				<UsageBar
					label={ sprintf(
						/* translators: %s: member name. */
						__( 'Storage of %s', 'media-community-service-pro' ),
						member.name
					) }
					used={ usage.storage_bytes }
					limit={ limits.storage_bytes }
					format={ formatBytes }
				/>
			</td>
			<td data-colname={ __( 'Credits', 'media-community-service-pro' ) }>
				{ sprintf(
					/* translators: 1: image credits, 2: video credits, 3: audio credits. */
					__(
						'Images %1$d · Videos %2$d · Audio %3$d',
						'media-community-service-pro'
					),
					quota.credits.image,
					quota.credits.video,
					quota.credits.audio
				) }
			</td>
		</>
	);
	return (
		<tr data-user-id={ member.id }>
			<th
				scope="row"
				data-colname={ __( 'Member', 'media-community-service-pro' ) }
			>
				<strong>{ member.name }</strong>
				{ member.login !== member.name && (
					<>
						<br />
						<span className="mvs-quotas__login">
							{ member.login }
						</span>
					</>
				) }
			</th>
			{ cells }
			<td data-colname={ __( 'Actions', 'media-community-service-pro' ) }>
				<Button
					variant="secondary"
					size="compact"
					label={ sprintf(
						/* translators: %s: member name. */
						__( 'Manage %s', 'media-community-service-pro' ),
						member.name
					) }
					showTooltip={ false }
					onClick={ () => void openMember( member.id ) }
				>
					{ __( 'Manage', 'media-community-service-pro' ) }
				</Button>
			</td>
		</tr>
	);
}

export function Members() {
	const { query, members, total, pages, loading, error, managing } =
		useSelect( ( select ) => {
			const quotas = select( store );
			return {
				query: quotas.getMembersQuery(),
				members: quotas.getMembers(),
				total: quotas.getMembersTotal(),
				pages: quotas.getMembersPages(),
				loading: quotas.isMembersLoading(),
				error: quotas.getMembersError(),
				managing: quotas.getManaging(),
			};
		}, [] );
	const { setMembersQuery, loadMembers } = useDispatch( store );
	const [ search, setSearch ] = useState( query.search );
	const sort =
		Object.keys( SORTS ).find(
			( key ) =>
				SORTS[ key ]!.orderby === query.orderby &&
				SORTS[ key ]!.order === query.order
		) ?? 'name-asc';

	let body;
	if ( error ) {
		body = (
			<LoadError
				message={ sprintf(
					/* translators: %s: error message. */
					__(
						'The members could not be loaded: %s',
						'media-community-service-pro'
					),
					error
				) }
				onRetry={ () => void loadMembers() }
			/>
		);
	} else if ( null === members ) {
		body = <Spinner />;
	} else if ( 0 === members.length ) {
		body = (
			<p className="mvs-quotas__empty">
				{ query.search
					? sprintf(
							/* translators: %s: search text. */
							__(
								'No members match "%s".',
								'media-community-service-pro'
							),
							query.search
						)
					: __( 'No members yet.', 'media-community-service-pro' ) }
			</p>
		);
	} else {
		body = (
			<table className="wp-list-table widefat striped mvs-quotas__table mvs-quotas__members-table">
				<caption className="screen-reader-text">
					{ __( 'Usage per member', 'media-community-service-pro' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Member', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Package', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Files', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Storage', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Credits', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Actions', 'media-community-service-pro' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ members.map( ( member ) => (
						<MemberRow key={ member.id } member={ member } />
					) ) }
				</tbody>
			</table>
		);
	}

	return (
		<section
			className="mvs-quotas__members"
			aria-labelledby="mvs-quotas-members-title"
		>
			<h2 id="mvs-quotas-members-title">
				{ __( 'Usage per member', 'media-community-service-pro' ) }
			</h2>
			<Flex
				className="mvs-quotas__toolbar"
				align="flex-end"
				justify="flex-start"
				wrap
				gap={ 4 }
			>
				<form
					role="search"
					className="mvs-quotas__search"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void setMembersQuery( {
							search: search.trim(),
							page: 1,
						} );
					} }
				>
					<SearchControl
						__nextHasNoMarginBottom
						label={ __(
							'Search members',
							'media-community-service-pro'
						) }
						hideLabelFromVision={ false }
						value={ search }
						onChange={ ( value: string ) => {
							setSearch( value );
							if ( '' === value && query.search ) {
								void setMembersQuery( { search: '', page: 1 } );
							}
						} }
					/>
					<Button variant="secondary" type="submit">
						{ __( 'Search', 'media-community-service-pro' ) }
					</Button>
				</form>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Sort by', 'media-community-service-pro' ) }
					value={ sort }
					options={ [
						{
							value: 'name-asc',
							label: __(
								'Name, A to Z',
								'media-community-service-pro'
							),
						},
						{
							value: 'name-desc',
							label: __(
								'Name, Z to A',
								'media-community-service-pro'
							),
						},
						{
							value: 'registered-desc',
							label: __(
								'Newest members first',
								'media-community-service-pro'
							),
						},
						{
							value: 'registered-asc',
							label: __(
								'Oldest members first',
								'media-community-service-pro'
							),
						},
						{
							value: 'storage-desc',
							label: __(
								'Most storage used',
								'media-community-service-pro'
							),
						},
						{
							value: 'items-desc',
							label: __(
								'Most files',
								'media-community-service-pro'
							),
						},
					] }
					onChange={ ( value: string ) =>
						void setMembersQuery( { ...SORTS[ value ], page: 1 } )
					}
				/>
				{ loading && <Spinner /> }
			</Flex>
			{ body }
			<Flex
				className="mvs-quotas__pagination"
				justify="flex-end"
				wrap
				gap={ 2 }
			>
				<span className="displaying-num" aria-live="polite">
					{ sprintf(
						/* translators: %d: number of members. */
						_n(
							'%d member',
							'%d members',
							total,
							'media-community-service-pro'
						),
						total
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ query.page <= 1 || loading }
					onClick={ () =>
						void setMembersQuery( { page: query.page - 1 } )
					}
				>
					{ __( 'Previous page', 'media-community-service-pro' ) }
				</Button>
				<span>
					{ sprintf(
						/* translators: 1: current page, 2: number of pages. */
						__(
							'Page %1$d of %2$d',
							'media-community-service-pro'
						),
						query.page,
						Math.max( pages, 1 )
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ query.page >= pages || loading }
					onClick={ () =>
						void setMembersQuery( { page: query.page + 1 } )
					}
				>
					{ __( 'Next page', 'media-community-service-pro' ) }
				</Button>
			</Flex>
			{ null !== managing && <MemberPanel userId={ managing } /> }
		</section>
	);
}
