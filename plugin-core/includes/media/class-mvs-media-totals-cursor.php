<?php
/**
 * How far the rebuild of the list totals has counted.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The option holding the highest item ID the rebuild has counted, or
 * COMPLETE: until then lists count rows, and writers carry deltas only for
 * items at or below it (docs/list-totals.md, "Rebuild, and the daily check").
 */
final class MVS_Media_Totals_Cursor {

	/**
	 * Option (autoloaded: free to read) holding the highest item ID the
	 * rebuild has counted, or COMPLETE.
	 */
	const OPTION = 'mvs_media_totals_cursor';

	/**
	 * Cursor value once every item is counted.
	 */
	const COMPLETE = 'complete';

	/**
	 * The cursor last read under a shared lock, while the rebuild runs.
	 *
	 * @var string|null
	 */
	private $locked = null;

	/**
	 * Whether every item is counted, so that totals may be read from the table.
	 *
	 * @return bool
	 */
	public function ready(): bool {
		return self::COMPLETE === get_option( self::OPTION );
	}

	/**
	 * Creates the cursor on first run: an empty media table is complete at
	 * once, an existing install starts from the first item.
	 */
	public function init(): void {
		global $wpdb;
		if ( false === get_option( self::OPTION ) ) {
			$empty = null === $wpdb->get_var( "SELECT id FROM {$wpdb->mvs_media} LIMIT 1" );
			add_option( self::OPTION, $empty ? self::COMPLETE : '0', '', true );
		}
	}

	/**
	 * Whether the rebuild has counted this item (then its writes carry deltas).
	 * While it runs, the cursor is read with a shared lock: a rebuild batch
	 * holds it exclusively, so a write sees either the cursor before the
	 * batch (and the batch counts the written row) or after it (and the write
	 * applies its own delta).
	 *
	 * @param int $id Item ID.
	 * @return bool
	 */
	public function counted( int $id ): bool {
		global $wpdb;
		if ( $this->ready() || self::COMPLETE === $this->locked ) {
			return true;
		}
		$this->locked = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s LOCK IN SHARE MODE", self::OPTION ) );
		return self::COMPLETE === $this->locked || $id <= (int) $this->locked;
	}

	/**
	 * Reads the cursor holding its row exclusively (writers of items wait,
	 * then see the moved cursor). Inside the caller's transaction.
	 *
	 * @return string|null
	 */
	public function lock(): ?string {
		global $wpdb;
		return $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s FOR UPDATE", self::OPTION ) );
	}

	/**
	 * Moves the cursor on the row this transaction locked. update_option()
	 * would compare with this worker's cached value and skip the write when
	 * another worker moved the cursor since.
	 *
	 * @param string $value New cursor.
	 * @return bool
	 */
	public function save( string $value ): bool {
		global $wpdb;
		$ok = false !== $wpdb->update( $wpdb->options, array( 'option_value' => $value ), array( 'option_name' => self::OPTION ) );
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::OPTION, 'options' );
		return $ok;
	}
}
