/**
 * Pieces the Comments and Members tabs share: the row's feedback (a live
 * region next to the row that caused it), the pager, loading and error
 * states.
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { PagedList, RowFeedback } from './paged-list';

export function RowNotice( {
	feedback,
	onDismiss,
}: {
	feedback: RowFeedback;
	onDismiss: () => void;
} ) {
	return (
		<div
			className={ `mvs-desk__row-notice is-${ feedback.status }` }
			role={ 'error' === feedback.status ? 'alert' : 'status' }
		>
			<span>{ feedback.message }</span>
			<Button variant="link" onClick={ onDismiss }>
				{ __( 'Dismiss', 'media-community-service' ) }
			</Button>
		</div>
	);
}

/** Loading rows, the failed load with Retry, or the empty text: null when there are rows. */
export function ListState< T >( {
	list,
	columns,
	empty,
}: {
	list: PagedList< T >;
	columns: number;
	empty: string;
} ) {
	if ( list.error ) {
		return (
			<tr>
				<td colSpan={ columns }>
					<Notice status="error" isDismissible={ false }>
						{ list.error }{ ' ' }
						<Button variant="secondary" onClick={ list.reload }>
							{ __( 'Retry', 'media-community-service' ) }
						</Button>
					</Notice>
				</td>
			</tr>
		);
	}
	if ( null === list.rows ) {
		return (
			<>
				{ [ 0, 1, 2 ].map( ( row ) => (
					<tr
						key={ row }
						className="mvs-desk__skeleton"
						aria-hidden="true"
					>
						<td colSpan={ columns }>
							<span />
						</td>
					</tr>
				) ) }
			</>
		);
	}
	if ( 0 === list.rows.length ) {
		return (
			<tr>
				<td colSpan={ columns }>{ empty }</td>
			</tr>
		);
	}
	return null;
}

export function Pager< T >( { list }: { list: PagedList< T > } ) {
	if ( list.pages <= 1 ) {
		return null;
	}
	return (
		<div className="tablenav-pages mvs-tabs__pager">
			<Button
				variant="secondary"
				disabled={ list.page <= 1 }
				onClick={ () => list.setPage( list.page - 1 ) }
			>
				{ __( 'Previous page', 'media-community-service' ) }
			</Button>
			<span>
				{ sprintf(
					/* translators: 1: current page, 2: number of pages. */
					__( 'Page %1$d of %2$d', 'media-community-service' ),
					list.page,
					list.pages
				) }
			</span>
			<Button
				variant="secondary"
				disabled={ list.page >= list.pages }
				onClick={ () => list.setPage( list.page + 1 ) }
			>
				{ __( 'Next page', 'media-community-service' ) }
			</Button>
		</div>
	);
}

/** A date as the viewer's locale writes it. */
export function when( iso: string | null ): string {
	return iso ? new Date( iso ).toLocaleString() : '';
}
