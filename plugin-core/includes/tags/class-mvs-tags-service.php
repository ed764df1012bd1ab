<?php
/**
 * Domain logic of the tag routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Tags_Handler. Who may do what is declared
 * in the DSL (codegen/src/api/core/tags.ts) and checked by the generated
 * controller: anyone who can upload creates tags, moderate_mvs_media merges,
 * manage_options renames and deletes. Counts are per caller (see
 * MVS_Tag_Repository).
 */
final class MVS_Tags_Service implements MVS_Tags_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Tag_Repository
	 */
	private $tags;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Tag_Repository|null $tags Data access.
	 */
	public function __construct( ?MVS_Tag_Repository $tags = null ) {
		$this->tags = $tags ? $tags : new MVS_Tag_Repository();
	}

	/**
	 * Tag record: id, name, slug, count (items carrying it that the caller may see).
	 *
	 * @param object $row Row with term_id, name, slug, use_count.
	 * @return array
	 */
	private static function present( $row ): array {
		return array(
			'id'    => (int) $row->term_id,
			'name'  => (string) $row->name,
			'slug'  => (string) $row->slug,
			'count' => (int) $row->use_count,
		);
	}

	/**
	 * GET /tags: two queries whatever per_page.
	 *
	 * @param MVS_List_Tags_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_tags( MVS_List_Tags_Args $args ) {
		list( $rows, $total ) = $this->tags->search(
			array(
				'viewer'   => get_current_user_id(),
				'search'   => $args->search,
				'orderby'  => $args->orderby,
				'page'     => $args->page,
				'per_page' => $args->per_page,
			)
		);
		return new MVS_Page( array_map( array( __CLASS__, 'present' ), $rows ), $total );
	}

	/**
	 * POST /tags: 409 mvs_term_exists when the name or slug is taken, saying
	 * which (with the existing tag's ID, so a client can use it instead).
	 *
	 * @param MVS_Create_Tag_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function create_tag( MVS_Create_Tag_Args $args ) {
		$name = trim( $args->name );
		$slug = null !== $args->slug && '' !== $args->slug ? $args->slug : sanitize_title( $name );
		if ( '' === $name || '' === $slug ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A tag needs a name.', 'media-community-service' ), array( 'params' => array( 'name' ) ) );
		}
		$too_long = self::check_stored_length( $name );
		if ( is_wp_error( $too_long ) ) {
			return $too_long;
		}
		$tag = $this->tags->ensure( $name, $slug );
		if ( is_wp_error( $tag ) ) {
			return MVS_Errors::make( 'mvs_invalid_param', $tag->get_error_message(), array( 'params' => array( 'name' ) ) );
		}
		list( $id, $created ) = $tag;
		if ( ! $created ) {
			return self::exists( $id, $this->tags->has_name( $id, $name ) ? 'name' : 'slug' );
		}
		return self::present( $this->tags->find( $id, get_current_user_id() ) );
	}

	/**
	 * GET /tags/cloud: one grouped query; tags used only on items the caller
	 * cannot see are absent, and no count includes such an item.
	 *
	 * @param MVS_Get_Tag_Cloud_Args $args Arguments.
	 * @return array
	 */
	public function get_tag_cloud( MVS_Get_Tag_Cloud_Args $args ) {
		return array_map( array( __CLASS__, 'present' ), $this->tags->cloud( get_current_user_id(), $args->limit ) );
	}

	/**
	 * POST /tags/merge: every item of the source gets the target, the source
	 * is deleted. The relationship moves run in one transaction.
	 *
	 * @param MVS_Merge_Tags_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function merge_tags( MVS_Merge_Tags_Args $args ) {
		$viewer    = get_current_user_id();
		$source_id = $args->source_id;
		$target_id = $args->target_id;
		if ( $source_id === $target_id ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A tag cannot be merged into itself.', 'media-community-service' ), array( 'params' => array( 'source_id', 'target_id' ) ) );
		}
		$source = $this->tags->find( $source_id, $viewer );
		$target = $this->tags->find( $target_id, $viewer );
		if ( ! $source || ! $target ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Tag not found.', 'media-community-service' ), array( 'params' => array( $source ? 'target_id' : 'source_id' ) ) );
		}
		$tags  = $this->tags;
		$moved = MVS_Media_Totals::change_term(
			(int) $source->term_taxonomy_id,
			static function () use ( $tags, $source, $target ) {
				$moved = $tags->move_relationships( (int) $source->term_taxonomy_id, (int) $target->term_taxonomy_id );
				if ( ! $moved['ok'] ) {
					return false;
				}
				// Moved in SQL, past the term hooks: the items' copies of their tags go here.
				MVS_Media_Terms_Copy_Invalidation::invalidate( $moved['objects'] );
				return $moved;
			}
		);
		if ( false === $moved ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The tags could not be merged; nothing was changed.', 'media-community-service' ) );
		}
		// The source has no relationships left, so deleting it touches no item.
		wp_delete_term( $source_id, MVS_Tag_Repository::TAXONOMY );
		wp_update_term_count_now( array( (int) $target->term_taxonomy_id ), MVS_Tag_Repository::TAXONOMY );
		clean_object_term_cache( $moved['objects'], 'mvs_media' );

		/**
		 * Fires after a tag was merged into another.
		 *
		 * @param int $source_id Deleted tag.
		 * @param int $target_id Tag that received the items.
		 */
		do_action( 'mvs_tags_merged', $source_id, $target_id );
		return array(
			'merged'    => true,
			'source_id' => $source_id,
			'target'    => self::present( $this->tags->find( $target_id, $viewer ) ),
		);
	}

	/**
	 * PUT /tags/{id}: renames; the slug is kept so links and filters still work.
	 *
	 * @param MVS_Update_Tag_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_tag( MVS_Update_Tag_Args $args ) {
		$id   = $args->id;
		$name = trim( $args->name );
		if ( ! $this->tags->find( $id, get_current_user_id() ) ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Tag not found.', 'media-community-service' ) );
		}
		$too_long = self::check_stored_length( $name );
		if ( is_wp_error( $too_long ) ) {
			return $too_long;
		}
		$clash = get_term_by( 'name', $name, MVS_Tag_Repository::TAXONOMY );
		if ( $clash instanceof WP_Term && (int) $clash->term_id !== $id ) {
			return self::exists( (int) $clash->term_id, 'name' );
		}
		$updated = wp_update_term( $id, MVS_Tag_Repository::TAXONOMY, array( 'name' => $name ) );
		if ( is_wp_error( $updated ) ) {
			return MVS_Errors::make( 'mvs_invalid_param', $updated->get_error_message(), array( 'params' => array( 'name' ) ) );
		}
		return self::present( $this->tags->find( $id, get_current_user_id() ) );
	}

	/**
	 * DELETE /tags/{id}: the tag and its relationships; the items stay.
	 *
	 * @param MVS_Delete_Tag_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_tag( MVS_Delete_Tag_Args $args ) {
		$id = $args->id;
		if ( ! $this->tags->find( $id, get_current_user_id() ) ) {
			// Already absent: a retry succeeds (docs/api-conventions.md, "Retry-safe writes").
			return array(
				'deleted' => false,
				'id'      => $id,
			);
		}
		$term    = get_term( $id, MVS_Tag_Repository::TAXONOMY );
		$deleted = MVS_Media_Totals::change_term(
			$term instanceof WP_Term ? (int) $term->term_taxonomy_id : 0,
			static function () use ( $id ) {
				return true === wp_delete_term( $id, MVS_Tag_Repository::TAXONOMY ) ? true : false;
			}
		);
		if ( true !== $deleted ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The tag could not be deleted.', 'media-community-service' ) );
		}
		return array(
			'deleted' => true,
			'id'      => $id,
		);
	}

	/**
	 * 400 when the name, as WordPress will store it, is longer than its
	 * column: the DSL's maxLength counts the name as sent, but WordPress
	 * stores &, < and > as entities, and the database refuses a longer name
	 * with "Could not insert term into the database." (or "update").
	 *
	 * @param string $name Tag name as sent, trimmed.
	 * @return true|WP_Error
	 */
	private static function check_stored_length( string $name ) {
		$stored = sanitize_term_field( 'name', $name, 0, MVS_Tag_Repository::TAXONOMY, 'db' );
		if ( mb_strlen( (string) $stored ) <= MVS_Tag_Repository::NAME_MAX ) {
			return true;
		}
		return MVS_Errors::make(
			'mvs_invalid_param',
			/* translators: %d: most characters of a tag name. */
			sprintf( __( 'A tag name may have at most %d characters as stored (&, < and > are stored as &amp;, &lt; and &gt;).', 'media-community-service' ), MVS_Tag_Repository::NAME_MAX ),
			array( 'params' => array( 'name' ) )
		);
	}

	/**
	 * 409 for a name or slug that is taken, naming which.
	 *
	 * @param int    $term_id The existing tag.
	 * @param string $field   'name' or 'slug': what clashed.
	 * @return WP_Error
	 */
	private static function exists( int $term_id, string $field ): WP_Error {
		return MVS_Errors::make(
			'mvs_term_exists',
			'slug' === $field
				? __( 'A tag with this slug already exists.', 'media-community-service' )
				: __( 'A tag with this name already exists.', 'media-community-service' ),
			array(
				'term_id' => $term_id,
				'field'   => $field,
			)
		);
	}
}
