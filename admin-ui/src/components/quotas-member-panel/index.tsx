/**
 * One member's dialog: the package they hold now, assigning a package to
 * them (POST /users/{id}/package), and adjusting their credits with a note
 * (POST /users/{id}/credits). Pro keeps no per-member history route, so the
 * dialog lists the adjustments made on this screen, as the server answered.
 */
import {
	Button,
	Flex,
	Modal,
	Notice,
	SelectControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { store } from '../../store/quotas';
import { creditTypeLabel } from '../../store/quotas/actions';
import type { CreditType } from '../../store/quotas/types';
import type { MemberPanelProps } from './types';

export function MemberPanel( { userId }: MemberPanelProps ) {
	const { member, quota, packages, busy, error, adjustments } = useSelect(
		( select ) => {
			const quotas = select( store );
			return {
				member: quotas.getMember( userId ),
				quota: quotas.getQuota( userId ),
				packages: quotas.getPackages() ?? [],
				busy: quotas.isMemberBusy(),
				error: quotas.getMemberError(),
				adjustments: quotas.getAdjustments( userId ),
			};
		},
		[ userId ]
	);
	const { openMember, assignPackage, adjustCredits } = useDispatch( store );
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
			{ adjustments.length > 0 && (
				<table className="widefat striped mvs-quotas__adjustments">
					<caption>
						{ __(
							'Adjustments made here',
							'media-community-service-pro'
						) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __(
									'Credits',
									'media-community-service-pro'
								) }
							</th>
							<th scope="col">
								{ __(
									'Change',
									'media-community-service-pro'
								) }
							</th>
							<th scope="col">
								{ __(
									'Balance after',
									'media-community-service-pro'
								) }
							</th>
							<th scope="col">
								{ __( 'Note', 'media-community-service-pro' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ adjustments.map( ( entry ) => (
							<tr key={ entry.id }>
								<td>
									{ creditTypeLabel( entry.credit_type ) }
								</td>
								<td>
									{ ( entry.amount > 0 ? '+' : '' ) +
										String( entry.amount ) }
								</td>
								<td>{ entry.balance_after }</td>
								<td>{ entry.note }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
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
