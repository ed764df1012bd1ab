<?php
/**
 * The personal-data exporter of WordPress's privacy tools.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Exports a member's rows of every table of the erasure plan (the plan says
 * which tables name them, which rows are theirs to read and what columns a
 * row has: never a list of its own), one group per table, a bounded number
 * of rows per page of WordPress's $page protocol; media items and message
 * attachments carry their file's URL. docs/account-erasure.md.
 */
final class MVS_Personal_Data_Exporter {

	/** Rows a page exports at most. */
	const ROWS_PER_PAGE = 100;

	/**
	 * Exporter callback: page $page (from 1) of the member's rows.
	 *
	 * @param string $email E-mail address of the request.
	 * @param int    $page  Page, from 1.
	 * @return array{data: array, done: bool}
	 */
	public function export( $email, $page = 1 ): array {
		$user    = get_user_by( 'email', (string) $email );
		$user_id = $user ? (int) $user->ID : 0;
		$page    = max( 1, (int) $page );
		if ( ! $user_id ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		// Each source's rows take whole pages: page $page is found by the counts before it.
		$first = 1;
		$last  = 0;
		$found = null;
		foreach ( $this->sources() as $source ) {
			$pages = (int) ceil( $this->count( $source, $user_id ) / self::ROWS_PER_PAGE );
			if ( null === $found && $page < $first + $pages ) {
				$found = array( $source, $page - $first );
			}
			$first += $pages;
			$last   = $first - 1;
		}
		if ( null === $found ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		return array(
			'data' => $this->items( $found[0], $user_id, $found[1] ),
			'done' => $page >= $last,
		);
	}

	/**
	 * The plan's entries whose rows are the member's to read, with names
	 * that are identifiers only (they go into SQL as such).
	 *
	 * @return array<int, array{table: string, column: string, label: string, key: string[], fields: string[]}>
	 */
	private function sources(): array {
		$out = array();
		foreach ( MVS_Account_Eraser::plan() as $entry ) {
			if ( empty( $entry['export'] ) || empty( $entry['key'] ) || empty( $entry['fields'] ) ) {
				continue;
			}
			$names = array_merge( (array) $entry['key'], (array) $entry['fields'] );
			if ( count( $names ) !== count( preg_grep( '/^[a-z_]+$/', array_map( 'strval', $names ) ) ) ) {
				continue;
			}
			$out[] = array(
				'table'  => $entry['table'],
				'column' => $entry['column'],
				'label'  => isset( $entry['label'] ) ? (string) $entry['label'] : $entry['table'],
				'key'    => array_values( (array) $entry['key'] ),
				'fields' => array_values( (array) $entry['fields'] ),
			);
		}
		return $out;
	}

	/**
	 * Rows of one source that name the member.
	 *
	 * @param array $source  Source.
	 * @param int   $user_id Member.
	 * @return int
	 */
	private function count( array $source, int $user_id ): int {
		global $wpdb;
		$table  = $wpdb->prefix . $source['table'];
		$column = $source['column'];
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE {$column} = %d", $user_id ) ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- identifiers of the plan, checked by MVS_Account_Eraser::plan().
	}

	/**
	 * One page of one source's rows as export items.
	 *
	 * @param array $source  Source.
	 * @param int   $user_id Member.
	 * @param int   $index   Page within the source, from 0.
	 * @return array
	 */
	private function items( array $source, int $user_id, int $index ): array {
		global $wpdb;
		$fields = $source['fields'];
		$key    = $source['key'];
		$table  = $wpdb->prefix . $source['table'];
		$column = $source['column'];
		$select = '`' . implode( '`, `', $fields ) . '`';
		$order  = '`' . implode( '`, `', $key ) . '`';
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- identifiers of the plan, checked by MVS_Account_Eraser::plan() and sources().
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT {$select} FROM {$table} WHERE {$column} = %d ORDER BY {$order} LIMIT %d OFFSET %d", $user_id, self::ROWS_PER_PAGE, $index * self::ROWS_PER_PAGE ) );
		$items = array();
		foreach ( (array) $rows as $row ) {
			$data = array();
			foreach ( $fields as $field ) {
				$data[] = array(
					'name'  => $field,
					'value' => null === $row->$field ? '' : (string) $row->$field,
				);
			}
			$file = $this->file_url( $source['table'], $row, $user_id );
			if ( '' !== $file ) {
				$data[] = array(
					'name'  => __( 'File', 'media-community-service' ),
					'value' => $file,
				);
			}
			$id = array();
			foreach ( $key as $column ) {
				$id[] = (string) $row->$column;
			}
			$items[] = array(
				'group_id'    => $source['table'],
				'group_label' => $source['label'],
				'item_id'     => $source['table'] . '-' . implode( '-', $id ),
				'data'        => $data,
			);
		}
		return $items;
	}

	/**
	 * The file of a media item or message attachment, signed for the member
	 * (docs/file-delivery.md: it expires like every file URL).
	 *
	 * @param string $table   Table without the prefix.
	 * @param object $row     Exported row.
	 * @param int    $user_id Member.
	 * @return string '' for rows without a file.
	 */
	private function file_url( string $table, $row, int $user_id ): string {
		if ( 'mvs_media' === $table && isset( $row->id, $row->privacy, $row->moderation_status ) ) {
			return MVS_Url_Signer::file_url( $row, $user_id );
		}
		if ( 'mvs_message_attachments' === $table && isset( $row->id ) ) {
			return MVS_Message_Attachment_Files::url( (int) $row->id, $user_id );
		}
		return '';
	}
}
