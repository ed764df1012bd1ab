/**
 * The packages: a list table (collapsing to stacked rows on phones) with
 * edit, delete and set default per row, Add package, an empty state, and a
 * failed load with Retry. State lives in the `mvs/quotas` store.
 */
import { Button, Flex, Modal, Notice, Spinner } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { store } from '../../store/quotas';
import { LoadError } from '../quotas-load-error';
import { PackageForm } from '../quotas-package-form';
import { formatBytes } from '../quotas-storage-field/units';
import type { PackagesProps } from './types';

const limitText = (
	value: number,
	format: ( n: number ) => string = String
) =>
	0 === value
		? __( 'Unlimited', 'media-community-service-pro' )
		: format( value );

export function Packages( { roles }: PackagesProps ) {
	const { packages, loadError, editing, deleting, saving, formError } =
		useSelect( ( select ) => {
			const quotas = select( store );
			return {
				packages: quotas.getPackages(),
				loadError: quotas.getPackagesError(),
				editing: quotas.getEditing(),
				deleting: quotas.getDeleting(),
				saving: quotas.isSaving(),
				formError: quotas.getFormError(),
			};
		}, [] );
	const {
		loadPackages,
		openEditor,
		closeEditor,
		savePackage,
		setDefault,
		askDelete,
		deletePackage,
	} = useDispatch( store );
	const roleName = ( slug: string ) =>
		roles.find( ( role ) => role.slug === slug )?.name ?? slug;
	const editedPackage =
		editing && null !== editing.id
			? packages?.find( ( row ) => row.id === editing.id )
			: undefined;
	const doomed = packages?.find( ( row ) => row.id === deleting );

	let body;
	if ( loadError ) {
		body = (
			<LoadError
				message={ sprintf(
					/* translators: %s: error message. */
					__(
						'The packages could not be loaded: %s',
						'media-community-service-pro'
					),
					loadError
				) }
				onRetry={ () => void loadPackages() }
			/>
		);
	} else if ( null === packages ) {
		body = <Spinner />;
	} else if ( 0 === packages.length ) {
		body = (
			<p className="mvs-quotas__empty">
				{ __(
					'No packages yet: every member can upload without limit. Add a package to set limits.',
					'media-community-service-pro'
				) }
			</p>
		);
	} else {
		body = (
			<table className="wp-list-table widefat striped mvs-quotas__table">
				<caption className="screen-reader-text">
					{ __( 'Quota packages', 'media-community-service-pro' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Name', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Images', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Videos', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __(
								'Audio files',
								'media-community-service-pro'
							) }
						</th>
						<th scope="col">
							{ __( 'Storage', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Roles', 'media-community-service-pro' ) }
						</th>
						<th scope="col">
							{ __( 'Actions', 'media-community-service-pro' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ packages.map( ( row ) => (
						<tr key={ row.id } data-package-id={ row.id }>
							<th
								scope="row"
								data-colname={ __(
									'Name',
									'media-community-service-pro'
								) }
							>
								<strong>{ row.name }</strong>
								{ row.is_default && (
									<span className="mvs-quotas__badge">
										{ __(
											'Default',
											'media-community-service-pro'
										) }
									</span>
								) }
							</th>
							<td
								data-colname={ __(
									'Images',
									'media-community-service-pro'
								) }
							>
								{ limitText( row.image_limit ) }
							</td>
							<td
								data-colname={ __(
									'Videos',
									'media-community-service-pro'
								) }
							>
								{ limitText( row.video_limit ) }
							</td>
							<td
								data-colname={ __(
									'Audio files',
									'media-community-service-pro'
								) }
							>
								{ limitText( row.audio_limit ) }
							</td>
							<td
								data-colname={ __(
									'Storage',
									'media-community-service-pro'
								) }
							>
								{ limitText( row.storage_bytes, formatBytes ) }
							</td>
							<td
								data-colname={ __(
									'Roles',
									'media-community-service-pro'
								) }
							>
								{ row.roles.length
									? row.roles.map( roleName ).join( ', ' )
									: '—' }
							</td>
							<td
								data-colname={ __(
									'Actions',
									'media-community-service-pro'
								) }
							>
								<Flex justify="flex-start" wrap gap={ 2 }>
									<Button
										variant="secondary"
										size="compact"
										label={ sprintf(
											/* translators: %s: package name. */
											__(
												'Edit %s',
												'media-community-service-pro'
											),
											row.name
										) }
										showTooltip={ false }
										onClick={ () =>
											void openEditor( row.id )
										}
									>
										{ __(
											'Edit',
											'media-community-service-pro'
										) }
									</Button>
									{ ! row.is_default && (
										<Button
											variant="secondary"
											size="compact"
											disabled={ saving }
											label={ sprintf(
												/* translators: %s: package name. */
												__(
													'Make %s the default',
													'media-community-service-pro'
												),
												row.name
											) }
											showTooltip={ false }
											onClick={ () =>
												void setDefault( row.id )
											}
										>
											{ __(
												'Set default',
												'media-community-service-pro'
											) }
										</Button>
									) }
									<Button
										variant="secondary"
										size="compact"
										isDestructive
										label={ sprintf(
											/* translators: %s: package name. */
											__(
												'Delete %s',
												'media-community-service-pro'
											),
											row.name
										) }
										showTooltip={ false }
										onClick={ () =>
											void askDelete( row.id )
										}
									>
										{ __(
											'Delete',
											'media-community-service-pro'
										) }
									</Button>
								</Flex>
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
		);
	}

	return (
		<section
			className="mvs-quotas__packages"
			aria-labelledby="mvs-quotas-packages-title"
		>
			<Flex justify="space-between" align="center" wrap>
				<h2 id="mvs-quotas-packages-title">
					{ __( 'Packages', 'media-community-service-pro' ) }
				</h2>
				<Button
					variant="primary"
					disabled={ null === packages }
					onClick={ () => void openEditor( null ) }
				>
					{ __( 'Add package', 'media-community-service-pro' ) }
				</Button>
			</Flex>
			<p className="description">
				{ __(
					'A member holds the package assigned to them and those of their roles, and gets the highest limit of each; a member with none gets the default package.',
					'media-community-service-pro'
				) }
			</p>
			{ body }
			{ editing && (
				<PackageForm
					initial={ editedPackage }
					roles={ roles }
					saving={ saving }
					error={ formError }
					onSubmit={ ( fields ) => void savePackage( fields ) }
					onCancel={ () => void closeEditor() }
				/>
			) }
			{ doomed && (
				<Modal
					title={ sprintf(
						/* translators: %s: package name. */
						__( 'Delete %s?', 'media-community-service-pro' ),
						doomed.name
					) }
					onRequestClose={ () => void askDelete( null ) }
					className="mvs-quotas__dialog"
				>
					{ formError && (
						<Notice status="error" isDismissible={ false }>
							{ formError.message }
						</Notice>
					) }
					<p>
						{ __(
							'Members assigned to it fall back to the packages of their roles, else the default package.',
							'media-community-service-pro'
						) }
					</p>
					<Flex justify="flex-end">
						<Button
							variant="tertiary"
							onClick={ () => void askDelete( null ) }
						>
							{ __( 'Cancel', 'media-community-service-pro' ) }
						</Button>
						<Button
							variant="primary"
							isDestructive
							isBusy={ saving }
							disabled={ saving }
							onClick={ () => void deletePackage( doomed.id ) }
						>
							{ __(
								'Delete package',
								'media-community-service-pro'
							) }
						</Button>
					</Flex>
				</Modal>
			) }
		</section>
	);
}
