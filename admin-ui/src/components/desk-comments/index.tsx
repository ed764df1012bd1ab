/**
 * The desk's Comments tab: comments the site's spam check held (WordPress's
 * Discussion word lists, link limit, a spam filter), oldest first, with
 * author, item, date and text, and Approve / Delete per row. Feedback shows
 * in the row; the tabs' counts refresh after every action.
 */
import { Button, SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { client, errorOf, isOk } from '../../api/client';
import type { HeldComment } from '../../../../client/src/client';
import { usePagedList } from '../desk-tabs/paged-list';
import { ListState, Pager, RowNotice, when } from '../desk-tabs/parts';

type Status = 'all' | 'held' | 'spam';

const COLUMNS = 4;

export interface DeskCommentsProps {
	/** Called after every action that succeeded (the tabs' counts refresh). */
	onChange?: () => void;
}

export function DeskComments( { onChange }: DeskCommentsProps ) {
	const [ status, setStatus ] = useState< Status >( 'all' );
	const list = usePagedList< HeldComment >( ( page ) =>
		client.call( 'list_held_comments', {
			query: { status, page, per_page: 20 },
		} )
	);

	async function act( comment: HeldComment, action: 'approve' | 'delete' ) {
		list.setBusy( comment.id, true );
		list.setFeedback( comment.id, null );
		const response = await client.call( 'moderate_comment', {
			params: { comment_id: comment.id },
			body: { action },
		} );
		list.setBusy( comment.id, false );
		if ( ! isOk( response ) ) {
			list.setFeedback( comment.id, {
				status: 'error',
				message: errorOf( response ).message,
			} );
			return;
		}
		list.setFeedback( comment.id, {
			status: 'success',
			message:
				'approve' === action
					? __(
							'Comment approved: it is published.',
							'media-community-service'
						)
					: __( 'Comment deleted.', 'media-community-service' ),
		} );
		onChange?.();
	}

	return (
		<div className="mvs-tabs__panel">
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Show', 'media-community-service' ) }
				value={ status }
				options={ [
					{
						value: 'all',
						label: __( 'Held and spam', 'media-community-service' ),
					},
					{
						value: 'held',
						label: __(
							'Held for review',
							'media-community-service'
						),
					},
					{
						value: 'spam',
						label: __( 'Spam', 'media-community-service' ),
					},
				] }
				onChange={ ( value ) => {
					setStatus( value as Status );
					list.setPage( 1 );
					list.reload();
				} }
			/>
			<table className="wp-list-table widefat fixed striped mvs-tabs__table">
				<thead>
					<tr>
						<th className="column-primary">
							{ __( 'Comment', 'media-community-service' ) }
						</th>
						<th>{ __( 'Author', 'media-community-service' ) }</th>
						<th>{ __( 'On item', 'media-community-service' ) }</th>
						<th>{ __( 'Date', 'media-community-service' ) }</th>
					</tr>
				</thead>
				<tbody>
					<ListState
						list={ list }
						columns={ COLUMNS }
						empty={ __(
							'No comments are waiting for a moderator.',
							'media-community-service'
						) }
					/>
					{ ( list.rows ?? [] ).map( ( comment ) => {
						const feedback = list.feedback[ comment.id ];
						const done = 'success' === feedback?.status;
						return (
							<tr
								key={ comment.id }
								className={
									list.busy[ comment.id ] ? 'is-working' : ''
								}
								aria-busy={ !! list.busy[ comment.id ] }
							>
								<td className="column-primary">
									<span
										className={ `mvs-tabs__badge is-${ comment.status }` }
									>
										{ 'spam' === comment.status
											? __(
													'Spam',
													'media-community-service'
												)
											: __(
													'Held',
													'media-community-service'
												) }
									</span>
									<p className="mvs-tabs__text">
										{ comment.content }
									</p>
									<span className="mvs-tabs__meta">
										{ sprintf(
											/* translators: 1: author, 2: item title, 3: date. */
											__(
												'By %1$s on “%2$s”, %3$s',
												'media-community-service'
											),
											comment.author.name ??
												__(
													'a deleted account',
													'media-community-service'
												),
											comment.media.title,
											when( comment.created_at )
										) }
									</span>
									{ ! done && (
										<div className="mvs-desk__actions">
											<Button
												variant="primary"
												size="compact"
												disabled={
													!! list.busy[ comment.id ]
												}
												onClick={ () =>
													act( comment, 'approve' )
												}
											>
												{ __(
													'Approve',
													'media-community-service'
												) }
											</Button>{ ' ' }
											<Button
												variant="secondary"
												isDestructive
												size="compact"
												disabled={
													!! list.busy[ comment.id ]
												}
												onClick={ () =>
													act( comment, 'delete' )
												}
											>
												{ __(
													'Delete',
													'media-community-service'
												) }
											</Button>
										</div>
									) }
									{ feedback && (
										<RowNotice
											feedback={ feedback }
											onDismiss={ () =>
												list.setFeedback(
													comment.id,
													null
												)
											}
										/>
									) }
								</td>
								<td>
									{ comment.author.profile_url ? (
										<a href={ comment.author.profile_url }>
											{ comment.author.name }
										</a>
									) : (
										( comment.author.name ??
										__(
											'Deleted account',
											'media-community-service'
										) )
									) }
								</td>
								<td>{ comment.media.title }</td>
								<td>{ when( comment.created_at ) }</td>
							</tr>
						);
					} ) }
				</tbody>
			</table>
			<Pager list={ list } />
		</div>
	);
}
