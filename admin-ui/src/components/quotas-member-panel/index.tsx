/**
 * One member's dialog: the package they hold now, assigning a package to
 * them (POST /users/{id}/package), adjusting their credits with a note
 * (POST /users/{id}/credits), and their credit history below, newest first
 * (GET /users/{id}/credits/history, paginated; reloaded after an adjustment).
 */
import {
	Button,
	Flex,
	Modal,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { store } from '../../store/quotas';
import { creditTypeLabel } from '../../store/quotas/actions';
import type { CreditHistory, CreditType } from '../../store/quotas/types';
import { LoadError } from '../quotas-load-error';
import type { MemberPanelProps } from './types';

export function MemberPanel( { userId }: MemberPanelProps ) {
	const { member, quota, packages, busy, error, history } = useSelect(
		( select ) => {
			const quotas = select( store );
			return {
				member: quotas.getMember( userId ),
				quota: quotas.getQuota( userId ),
				packages: quotas.getPackages() ?? [],
				busy: quotas.isMemberBusy(),
				error: quotas.getMemberError(),
				history: quotas.getHistory( userId ),
			};
		},
		[ userId ]
	);
	const { openMember, assignPackage, adjustCredits, loadHistory } =
		useDispatch( store );
	useEffect( () => {
		void loadHistory( userId, 1 );
	}, [ userId, loadHistory ] );
	const [ chosen, setChosen ] = useState( '' );
	const [ creditType, setCreditType ] = useState< CreditType >( 'image' );
	const [ amount, setAmount ] = useState( '' );
	const [ note, setNote ] = useState( '' );
	const [ amountError, setAmountError ] = useState( '' );
	const name = member?.name ?? String( userId );
	const amountProblem = amountError || error?.fields.amount;

	return (
		<Modal
			title={ sprintf(
				/* translators: %s: member name. */
				__( 'Quota of %s', 'media-community-service-pro' ),
				name
			) }
			onRequestClose={ () => void openMember( null ) }
			className="mvs-quotas__dialog"
		>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error.message }
				</Notice>
			) }
			<p>
				{ sprintf(
					/* translators: %s: package names. */
					__( 'Holds now: %s', 'media-community-service-pro' ),
					quota?.package ||
						__(
							'no package (unlimited)',
							'media-community-service-pro'
						)
				) }
			</p>
			<form
				className="mvs-quotas__assign"
				onSubmit={ ( event ) => {
					event.preventDefault();
					if ( '' !== chosen ) {
						void assignPackage( userId, Number( chosen ) );
					}
				} }
			>
				<h3>
					{ __( 'Assign a package', 'media-community-service-pro' ) }
				</h3>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Package', 'media-community-service-pro' ) }
					value={ chosen }
					options={ [
						{
							value: '',
							label: __(
								'Choose a package',
								'media-community-service-pro'
							),
							disabled: true,
						},
						...packages.map( ( row ) => ( {
							value: String( row.id ),
							label: row.name,
						} ) ),
						{
							value: '0',
							label: __(
								"None: their roles' packages, else the default",
								'media-community-service-pro'
							),
						},
					] }
					onChange={ setChosen }
				/>
				<Button
					variant="secondary"
					type="submit"
					disabled={ busy || '' === chosen }
				>
					{ __( 'Assign package', 'media-community-service-pro' ) }
				</Button>
			</form>
			<form
				className="mvs-quotas__credits"
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					const value = Number( amount );
					if ( ! Number.isInteger( value ) || 0 === value ) {
						setAmountError(
							__(
								'Enter a whole number other than 0: positive adds, negative deducts.',
								'media-community-service-pro'
							)
						);
						return;
					}
					setAmountError( '' );
					void ( async () => {
						if (
							await adjustCredits(
								userId,
								creditType,
								value,
								note.trim()
							)
						) {
							setAmount( '' );
							setNote( '' );
						}
					} )();
				} }
			>
				<h3>
					{ __( 'Adjust credits', 'media-community-service-pro' ) }
				</h3>
				<p className="description">
					{ __(
						'A credit allows one upload of its type beyond the package limit.',
						'media-community-service-pro'
					) }
				</p>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Credit type', 'media-community-service-pro' ) }
					value={ creditType }
					options={ [
						{
							value: 'image',
							label: __(
								'Images',
								'media-community-service-pro'
							),
						},
						{
							value: 'video',
							label: __(
								'Videos',
								'media-community-service-pro'
							),
						},
						{
							value: 'audio',
							label: __(
								'Audio files',
								'media-community-service-pro'
							),
						},
					] }
					onChange={ ( value: string ) =>
						setCreditType( value as CreditType )
					}
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __(
						'Change (e.g. 5 or -2)',
						'media-community-service-pro'
					) }
					type="number"
					step={ 1 }
					value={ amount }
					aria-invalid={ amountProblem ? true : undefined }
					help={ amountProblem }
					onChange={ setAmount }
				/>
				<TextareaControl
					__nextHasNoMarginBottom
					label={ __(
						"Note (shown in the member's credit history)",
						'media-community-service-pro'
					) }
					value={ note }
					maxLength={ 1000 }
					onChange={ setNote }
				/>
				<Button
					variant="primary"
					type="submit"
					disabled={ busy }
					isBusy={ busy }
				>
					{ __( 'Adjust credits', 'media-community-service-pro' ) }
				</Button>
			</form>
			{ quota && (
				<p>
					{ sprintf(
						/* translators: 1: image credits, 2: video credits, 3: audio credits. */
						__(
							'Balances: images %1$d · videos %2$d · audio %3$d',
							'media-community-service-pro'
						),
						quota.credits.image,
						quota.credits.video,
						quota.credits.audio
					) }
				</p>
			) }
			<CreditHistoryTable
				history={ history }
				onPage={ ( page ) => void loadHistory( userId, page ) }
			/>
			<Flex justify="flex-end">
				<Button
					variant="tertiary"
					onClick={ () => void openMember( null ) }
				>
					{ __( 'Done', 'media-community-service-pro' ) }
				</Button>
			</Flex>
		</Modal>
	);
}

function CreditHistoryTable( {
	history,
	onPage,
}: {
	history: CreditHistory | null;
	onPage: ( page: number ) => void;
} ) {
	let body;
	if ( history?.error ) {
		body = (
			<LoadError
				message={ sprintf(
					/* translators: %s: error message. */
					__(
						'The credit history could not be loaded: %s',
						'media-community-service-pro'
					),
					history.error
				) }
				onRetry={ () => onPage( history.page ) }
			/>
		);
	} else if ( ! history?.entries ) {
		body = <Spinner />;
	} else if ( 0 === history.entries.length ) {
		body = (
			<p className="mvs-quotas__empty">
				{ __(
					'No credit changes yet.',
					'media-community-service-pro'
				) }
			</p>
		);
	} else {
		body = (
			<table className="widefat striped mvs-quotas__history">
				<caption className="screen-reader-text">
					{ __( 'Credit history', 'media-community-service-pro' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Date', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Credits', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Change', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __(
								'Balance after',
								'media-community-service-pro'
							) }
						</th>
						<th scope="col">
							{ __( 'Source', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Note', 'media-community-service-pro' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ history.entries.map( ( entry ) => (
						<tr key={ entry.id }>
							<td>{ formatDate( entry.created_at ) }</td>
							<td>{ creditTypeLabel( entry.credit_type ) }</td>
							<td>
								{ ( entry.amount > 0 ? '+' : '' ) +
									String( entry.amount ) }
							</td>
							<td>{ entry.balance_after }</td>
							<td>{ sourceLabel( entry.source ) }</td>
							<td>{ entry.note }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		);
	}
	const page = history?.page ?? 1;
	const pages = history?.pages ?? 0;
	return (
		<section
			className="mvs-quotas__history-section"
			aria-labelledby="mvs-quotas-history-title"
		>
			<h3 id="mvs-quotas-history-title">
				{ __( 'Credit history', 'media-community-service-pro' ) }
			</h3>
			{ body }
			{ pages > 1 && (
				<Flex justify="flex-end" wrap gap={ 2 }>
					<Button
						variant="secondary"
						size="compact"
						disabled={ page <= 1 || ! history?.entries }
						onClick={ () => onPage( page - 1 ) }
					>
						{ __( 'Newer', 'media-community-service-pro' ) }
					</Button>
					<span>
						{ sprintf(
							/* translators: 1: current page, 2: number of pages. */
							__(
								'Page %1$d of %2$d',
								'media-community-service-pro'
							),
							page,
							pages
						) }
					</span>
					<Button
						variant="secondary"
						size="compact"
						disabled={ page >= pages || ! history?.entries }
						onClick={ () => onPage( page + 1 ) }
					>
						{ __( 'Older', 'media-community-service-pro' ) }
					</Button>
				</Flex>
			) }
		</section>
	);
}

/** A UTC timestamp in the browser's locale and zone. */
function formatDate( iso: string ): string {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() ) ? iso : date.toLocaleString();
}

/** Where a credit change came from, for reading. */
function sourceLabel( source: string ): string {
	const labels: Record< string, string > = {
		manual: __( 'Manual', 'media-community-service-pro' ),
		upload: __( 'Upload', 'media-community-service-pro' ),
		upload_refund: __( 'Upload refund', 'media-community-service-pro' ),
	};
	return labels[ source ] ?? source;
}
