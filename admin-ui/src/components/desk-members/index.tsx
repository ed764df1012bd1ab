/**
 * The desk's Members tab: members with open reports (reasons with counts,
 * latest details, reporters, latest report), or the suspended ones, with
 * Dismiss, Warn (a notification with the moderator's words), Suspend
 * (confirmed) and Unsuspend per row. Feedback shows in the row; the tabs'
 * counts refresh after every action.
 */
import {
	Button,
	Modal,
	SelectControl,
	TextareaControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import type { ReportedMember } from '../../../../client/src/client';
import { reasonLabel } from '../desk-reports';
import { usePagedList } from '../desk-tabs/paged-list';
import { ListState, Pager, RowNotice, when } from '../desk-tabs/parts';

type View = 'reported' | 'suspended';
type Action = 'dismiss' | 'warn' | 'suspend' | 'unsuspend';

const COLUMNS = 4;

export interface DeskMembersProps {
	/** Called after every action that succeeded (the tabs' counts refresh). */
	onChange?: () => void;
}

function done( action: Action, closed: number ): string {
	switch ( action ) {
		case 'dismiss':
			return sprintf(
				/* translators: %d: number of reports. */
				_n(
					'%d report dismissed.',
					'%d reports dismissed.',
					closed,
					'media-community-service'
				),
				closed
			);
		case 'warn':
			return __(
				'Warning sent; the reports are closed.',
				'media-community-service'
			);
		case 'suspend':
			return __(
				'Member suspended: they can no longer sign in or use the apps.',
				'media-community-service'
			);
		default:
			return __( 'Suspension lifted.', 'media-community-service' );
	}
}

export function DeskMembers( { onChange }: DeskMembersProps ) {
	const [ view, setView ] = useState< View >( 'reported' );
	const [ asking, setAsking ] = useState< {
		member: ReportedMember;
		action: 'warn' | 'suspend';
	} | null >( null );
	const [ message, setMessage ] = useState( '' );
	const list = usePagedList< ReportedMember >( ( page ) =>
		client.call( 'list_reported_members', {
			query: { view, page, per_page: 20 },
		} )
	);

	async function act( row: ReportedMember, action: Action, text = '' ) {
		const id = row.member.id;
		list.setBusy( id, true );
		list.setFeedback( id, null );
		const response = await client.call( 'moderate_member', {
			params: { user_id: id },
			body: text ? { action, message: text } : { action },
		} );
		list.setBusy( id, false );
		if ( ! isOk( response ) ) {
			list.setFeedback( id, {
				status: 'error',
				message: errorOf( response ).message,
			} );
			return;
		}
		list.setFeedback( id, {
			status: 'success',
			message: done( action, response.body.closed_reports ),
		} );
		onChange?.();
	}

	function confirm() {
		if ( asking ) {
			act( asking.member, asking.action, message.trim() );
		}
		setAsking( null );
		setMessage( '' );
	}

	return (
		<div className="mvs-tabs__panel">
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Show', 'media-community-service' ) }
				value={ view }
				options={ [
					{
						value: 'reported',
						label: __(
							'Reported members',
							'media-community-service'
						),
					},
					{
						value: 'suspended',
						label: __(
							'Suspended members',
							'media-community-service'
						),
					},
				] }
				onChange={ ( value ) => {
					setView( value as View );
					list.setPage( 1 );
					list.reload();
				} }
			/>
			<table className="wp-list-table widefat fixed striped mvs-tabs__table">
				<thead>
					<tr>
						<th className="column-primary">
							{ __( 'Member', 'media-community-service' ) }
						</th>
						<th>{ __( 'Reports', 'media-community-service' ) }</th>
						<th>
							{ __( 'Reported by', 'media-community-service' ) }
						</th>
						<th>
							{ __( 'Latest report', 'media-community-service' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					<ListState
						list={ list }
						columns={ COLUMNS }
						empty={
							'reported' === view
								? __(
										'No member has open reports.',
										'media-community-service'
									)
								: __(
										'No member is suspended.',
										'media-community-service'
									)
						}
					/>
					{ ( list.rows ?? [] ).map( ( row ) => {
						const id = row.member.id;
						const feedback = list.feedback[ id ];
						const busy = !! list.busy[ id ];
						const name =
							row.member.name ??
							__( 'Deleted account', 'media-community-service' );
						return (
							<tr
								key={ id }
								className={ busy ? 'is-working' : '' }
								aria-busy={ busy }
							>
								<td className="column-primary">
									<strong>
										{ row.member.profile_url ? (
											<a href={ row.member.profile_url }>
												{ name }
											</a>
										) : (
											name
										) }
									</strong>
									{ row.suspended && (
										<span className="mvs-tabs__badge is-spam">
											{ __(
												'Suspended',
												'media-community-service'
											) }
										</span>
									) }
									<span className="mvs-tabs__meta mvs-tabs__phone">
										{ [
											sprintf(
												/* translators: %d: number of open reports. */
												_n(
													'%d open report',
													'%d open reports',
													row.open_reports,
													'media-community-service'
												),
												row.open_reports
											),
											...row.reasons.map(
												( reason ) =>
													`${ reasonLabel( reason.reason ) } × ${ reason.count }`
											),
										].join( ' · ' ) }
									</span>
									{ row.latest_details && (
										<p className="mvs-tabs__text">
											{ row.latest_details }
										</p>
									) }
									{ 'success' !== feedback?.status && (
										<div className="mvs-desk__actions">
											{ row.open_reports > 0 && (
												<>
													<Button
														variant="secondary"
														size="compact"
														disabled={ busy }
														onClick={ () =>
															act(
																row,
																'dismiss'
															)
														}
													>
														{ __(
															'Dismiss reports',
															'media-community-service'
														) }
													</Button>{ ' ' }
													<Button
														variant="secondary"
														size="compact"
														disabled={ busy }
														onClick={ () =>
															setAsking( {
																member: row,
																action: 'warn',
															} )
														}
													>
														{ __(
															'Warn',
															'media-community-service'
														) }
													</Button>{ ' ' }
												</>
											) }
											{ row.suspended ? (
												<Button
													variant="secondary"
													size="compact"
													disabled={ busy }
													onClick={ () =>
														act( row, 'unsuspend' )
													}
												>
													{ __(
														'Unsuspend',
														'media-community-service'
													) }
												</Button>
											) : (
												<Button
													variant="secondary"
													isDestructive
													size="compact"
													disabled={ busy }
													onClick={ () =>
														setAsking( {
															member: row,
															action: 'suspend',
														} )
													}
												>
													{ __(
														'Suspend',
														'media-community-service'
													) }
												</Button>
											) }
										</div>
									) }
									{ feedback && (
										<RowNotice
											feedback={ feedback }
											onDismiss={ () =>
												list.setFeedback( id, null )
											}
										/>
									) }
								</td>
								<td>
									<ul className="mvs-tabs__reasons">
										{ row.reasons.map( ( reason ) => (
											<li key={ reason.reason }>
												{ sprintf(
													/* translators: 1: report reason, 2: number of reports. */
													__(
														'%1$s × %2$d',
														'media-community-service'
													),
													reasonLabel(
														reason.reason
													),
													reason.count
												) }
											</li>
										) ) }
									</ul>
								</td>
								<td>
									{ row.reporters
										.map(
											( reporter ) =>
												reporter.name ??
												__(
													'deleted account',
													'media-community-service'
												)
										)
										.join( ', ' ) }
								</td>
								<td>{ when( row.latest_report_at ) }</td>
							</tr>
						);
					} ) }
				</tbody>
			</table>
			<Pager list={ list } />
			{ asking && (
				<Modal
					title={
						'suspend' === asking.action
							? sprintf(
									/* translators: %s: member name. */
									__(
										'Suspend %s?',
										'media-community-service'
									),
									asking.member.member.name ?? ''
								)
							: sprintf(
									/* translators: %s: member name. */
									__( 'Warn %s', 'media-community-service' ),
									asking.member.member.name ?? ''
								)
					}
					onRequestClose={ () => setAsking( null ) }
				>
					{ 'suspend' === asking.action ? (
						<p>
							{ __(
								'They will not be able to sign in, and their apps stop working until a moderator lifts the suspension. Their open reports are closed.',
								'media-community-service'
							) }
						</p>
					) : (
						<TextareaControl
							__nextHasNoMarginBottom
							label={ __(
								'Message to the member (optional)',
								'media-community-service'
							) }
							value={ message }
							maxLength={ 500 }
							onChange={ setMessage }
						/>
					) }
					<div className="mvs-tabs__modal-actions">
						<Button
							variant="tertiary"
							onClick={ () => setAsking( null ) }
						>
							{ __( 'Cancel', 'media-community-service' ) }
						</Button>
						<Button
							variant="primary"
							isDestructive={ 'suspend' === asking.action }
							onClick={ confirm }
						>
							{ 'suspend' === asking.action
								? __( 'Suspend', 'media-community-service' )
								: __(
										'Send warning',
										'media-community-service'
									) }
						</Button>
					</div>
				</Modal>
			) }
		</div>
	);
}
