<?php
/**
 * Domain logic of the /packages routes.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Pro_Packages_Handler: package CRUD for
 * managers of the settings. docs/pro-quotas.md, "Packages".
 */
final class MVS_Pro_Packages_Service implements MVS_Pro_Packages_Handler {

	/**
	 * Package rows.
	 *
	 * @var MVS_Pro_Package_Repository
	 */
	private $packages;

	/**
	 * Wires the repository.
	 *
	 * @param MVS_Pro_Package_Repository|null $packages Package rows.
	 */
	public function __construct( ?MVS_Pro_Package_Repository $packages = null ) {
		$this->packages = $packages ? $packages : new MVS_Pro_Package_Repository();
	}

	/**
	 * GET /packages: every package, in display order.
	 *
	 * @param MVS_Pro_List_Packages_Args $args No arguments.
	 * @return array
	 */
	public function list_packages( MVS_Pro_List_Packages_Args $args ) {
		return array_values( array_map( array( 'MVS_Pro_Package_Repository', 'present' ), $this->packages->all() ) );
	}

	/**
	 * POST /packages. Unset limits are 0 (unlimited).
	 *
	 * @param MVS_Pro_Create_Package_Args $args Package fields.
	 * @return array|WP_Error
	 */
	public function create_package( MVS_Pro_Create_Package_Args $args ) {
		$fields = $this->fields( $args );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$fields   = array_merge(
			array(
				'image_limit'   => 0,
				'video_limit'   => 0,
				'audio_limit'   => 0,
				'storage_bytes' => 0,
				'sort_order'    => 0,
				'roles'         => '',
			),
			$fields
		);
		$packages = $this->packages;
		$make     = (bool) $args->is_default;
		// The row and the move of the default flag land together or not at all.
		$id = MVS_Transaction::run(
			static function () use ( $packages, $fields, $make ) {
				$id = $packages->insert( $fields );
				if ( null === $id || ( $make && ! $packages->make_default( $id ) ) ) {
					return false;
				}
				return $id;
			}
		);
		if ( false === $id ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The package could not be saved.', 'media-community-service-pro' ) );
		}
		return MVS_Pro_Package_Repository::present( $this->packages->find( (int) $id ) );
	}

	/**
	 * PUT /packages/{id}: the fields sent change; is_default true moves the
	 * default here, false on the default leaves the site without one.
	 *
	 * @param MVS_Pro_Update_Package_Args $args Package ID and fields.
	 * @return array|WP_Error
	 */
	public function update_package( MVS_Pro_Update_Package_Args $args ) {
		if ( ! $this->packages->find( $args->id ) ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Package not found.', 'media-community-service-pro' ) );
		}
		$fields = $this->fields( $args );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		if ( false === $args->is_default ) {
			$fields['is_default'] = 0;
		}
		$packages = $this->packages;
		$id       = $args->id;
		$make     = true === $args->is_default;
		$ok       = MVS_Transaction::run(
			static function () use ( $packages, $id, $fields, $make ) {
				return $packages->update( $id, $fields ) && ( ! $make || $packages->make_default( $id ) );
			}
		);
		if ( ! $ok ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The package could not be saved.', 'media-community-service-pro' ) );
		}
		return MVS_Pro_Package_Repository::present( $this->packages->find( $id ) );
	}

	/**
	 * DELETE /packages/{id}: retry-safe (an absent package answers deleted: false).
	 *
	 * @param MVS_Pro_Delete_Package_Args $args Package ID.
	 * @return array
	 */
	public function delete_package( MVS_Pro_Delete_Package_Args $args ) {
		$outcome = $this->packages->delete( $args->id );
		return array(
			'deleted'    => $outcome ? $outcome['deleted'] : false,
			'id'         => $args->id,
			'unassigned' => $outcome ? $outcome['unassigned'] : 0,
		);
	}

	/**
	 * The columns a create or update sets, from the fields sent.
	 *
	 * @param MVS_Pro_Create_Package_Args|MVS_Pro_Update_Package_Args $args Package fields.
	 * @return array|WP_Error
	 */
	private function fields( $args ) {
		$fields = array();
		if ( null !== $args->name ) {
			$name = trim( (string) $args->name );
			if ( '' === $name ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'A package needs a name.', 'media-community-service-pro' ), array( 'param' => 'name' ) );
			}
			$fields['name'] = mb_substr( $name, 0, 200 );
		}
		$numbers = array(
			'image_limit'   => $args->image_limit,
			'video_limit'   => $args->video_limit,
			'audio_limit'   => $args->audio_limit,
			'storage_bytes' => $args->storage_bytes,
			'sort_order'    => $args->sort_order,
		);
		foreach ( $numbers as $column => $value ) {
			if ( null !== $value ) {
				$fields[ $column ] = (int) $value;
			}
		}
		if ( null !== $args->roles ) {
			$roles = array_values( array_unique( array_filter( (array) $args->roles ) ) );
			foreach ( $roles as $role ) {
				if ( ! wp_roles()->is_role( $role ) ) {
					return MVS_Errors::make( 'mvs_invalid_param', __( 'Unknown role.', 'media-community-service-pro' ), array( 'param' => 'roles' ) );
				}
			}
			$fields['roles'] = implode( ',', $roles );
			if ( strlen( $fields['roles'] ) > 500 ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'Too many roles.', 'media-community-service-pro' ), array( 'param' => 'roles' ) );
			}
		}
		return $fields;
	}
}
