<?php
/**
 * Scale seeder for the native stack (stack/seed.mjs runs it with php-cli, the
 * way native-site.mjs runs stack/php/configure.php: MVS_SITE_URL and
 * MVS_WP_LOAD in the environment, stack/php/bootstrap.php first).
 *
 * Fills the plugins' real tables with multi-row prepared INSERTs through $wpdb
 * (1,000 rows a statement, explicit ids so nothing depends on AUTO_INCREMENT
 * behaviour), never through REST. It appends: a second run adds rows after the
 * existing ones (new users, new media and posts, and their engagement).
 *
 * Environment: MVS_SEED_MEDIA, MVS_SEED_USERS, MVS_SEED_POSTS (default = media),
 * MVS_SEED_TAGS (default 200), MVS_SEED_CATEGORIES (default 50), MVS_SEED_RANDOM
 * (seed of mt_rand, default 42).
 * Prints one JSON line per table ({"table", "rows", "ms"}), then a summary line.
 */
require __DIR__ . '/../php/bootstrap.php';
require $mvs_wp_load;

$n_media = max( 0, (int) ( getenv( 'MVS_SEED_MEDIA' ) ?: 0 ) );
$n_users = max( 0, (int) ( getenv( 'MVS_SEED_USERS' ) ?: 0 ) );
$n_posts = false === getenv( 'MVS_SEED_POSTS' ) || '' === getenv( 'MVS_SEED_POSTS' ) ? $n_media : max( 0, (int) getenv( 'MVS_SEED_POSTS' ) );
$n_tags  = (int) ( getenv( 'MVS_SEED_TAGS' ) ?: 200 );
$n_cats  = (int) ( getenv( 'MVS_SEED_CATEGORIES' ) ?: 50 );
mt_srand( (int) ( getenv( 'MVS_SEED_RANDOM' ) ?: 42 ) );

global $wpdb;
$wpdb->show_errors( false );
$wpdb->suppress_errors( true );
// Bulk loading: no per-row commit, no uniqueness re-check of secondary keys (ids are ours).
$wpdb->query( 'SET SESSION unique_checks = 0' );
$wpdb->query( 'SET SESSION foreign_key_checks = 0' );
$wpdb->query( 'SET autocommit = 0' );

$started_all = microtime( true );
$summary     = array();

/**
 * Inserts rows in statements of $batch rows: INSERT INTO t (cols) VALUES (%d, %s, ...), (...).
 *
 * @param string   $table   Full table name.
 * @param string[] $columns Column names.
 * @param string[] $formats One placeholder per column.
 * @param iterable $rows    Rows as lists of values (a generator is fine).
 * @param string   $verb    INSERT or INSERT IGNORE.
 * @return int Rows sent.
 */
function mvs_seed_insert( string $table, array $columns, array $formats, iterable $rows, string $verb = 'INSERT' ): int {
	global $wpdb;
	$batch  = 1000;
	$tuple  = '(' . implode( ',', $formats ) . ')';
	$head   = "$verb INTO $table (" . implode( ',', $columns ) . ') VALUES ';
	$buffer = array();
	$count  = 0;
	$flush  = static function () use ( &$buffer, $head, $tuple, $wpdb, $table ) {
		if ( ! $buffer ) {
			return;
		}
		$sql  = $head . implode( ',', array_fill( 0, count( $buffer ), $tuple ) );
		$args = array_merge( ...$buffer );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders built above.
		if ( false === $wpdb->query( $wpdb->prepare( $sql, $args ) ) ) {
			throw new Exception( "insert into $table failed: " . $wpdb->last_error );
		}
		$wpdb->query( 'COMMIT' );
		$buffer = array();
	};
	foreach ( $rows as $row ) {
		$buffer[] = $row;
		++$count;
		if ( count( $buffer ) >= $batch ) {
			$flush();
		}
	}
	$flush();
	return $count;
}

/**
 * Times one table's fill and prints it.
 */
function mvs_seed_step( string $table, callable $fn ): void {
	global $summary;
	$t0   = microtime( true );
	$rows = $fn();
	$ms   = (int) round( ( microtime( true ) - $t0 ) * 1000 );
	$line = array( 'table' => $table, 'rows' => $rows, 'ms' => $ms );
	$summary[] = $line;
	echo wp_json_encode( $line ), "\n";
}

function mvs_seed_next_id( string $table, string $column ): int {
	global $wpdb;
	return 1 + (int) $wpdb->get_var( "SELECT COALESCE(MAX($column), 0) FROM $table" ); // phpcs:ignore
}

/** A uniform float in [0, 1). */
function mvs_rand(): float {
	return mt_rand() / ( mt_getrandmax() + 1 );
}

/** Picks a key of $weights (key => weight) at random. */
function mvs_pick( array $weights ) {
	$r = mvs_rand() * array_sum( $weights );
	foreach ( $weights as $key => $weight ) {
		$r -= $weight;
		if ( $r < 0 ) {
			return $key;
		}
	}
	return array_key_last( $weights );
}

/** Heavy-tailed count with the given mean (most small, a few large), at most $max. */
function mvs_tail( float $mean, int $max ): int {
	// Exponential of an exponential: skewed like real engagement.
	$x = -log( 1 - mvs_rand() ) * $mean;
	return (int) min( $max, floor( $x * $x / ( $mean ?: 1 ) / 2 ) );
}

/**
 * A seeded item's trending score: engagement worth $views_now views today,
 * on the plugin's scale (MVS_Trending_Score); 0 when there is none.
 */
function mvs_seed_trending( float $views_now ): float {
	return $views_now < 0.01 ? 0.0 : MVS_Trending_Score::level( MVS_Trending_Score::UNIT, time() ) + log( $views_now, 2 );
}

$now  = time();
$span = 2 * 365 * 86400; // created_at over the last two years, ascending with the id
$date = static function ( int $i, int $n ) use ( $now, $span ): string {
	$t = $now - $span + (int) ( $span * ( $i + mvs_rand() ) / max( 1, $n ) );
	return gmdate( 'Y-m-d H:i:s', min( $t, $now ) );
};

// ---------------------------------------------------------------- users
// Every seeded user is an mvs_member; one password hash for all (the cost of
// a hash is the slow part of wp_insert_user()).
$first_user = mvs_seed_next_id( $wpdb->users, 'ID' );
$user_ids   = array();
if ( $n_users > 0 ) {
	$hash = wp_hash_password( 'seed-password' );
	mvs_seed_step(
		$wpdb->users,
		static function () use ( $wpdb, $first_user, $n_users, $hash, $date ) {
			return mvs_seed_insert(
				$wpdb->users,
				array( 'ID', 'user_login', 'user_pass', 'user_nicename', 'user_email', 'user_url', 'user_registered', 'user_activation_key', 'user_status', 'display_name' ),
				array( '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%s' ),
				( static function () use ( $first_user, $n_users, $hash, $date ) {
					for ( $i = 0; $i < $n_users; $i++ ) {
						$id = $first_user + $i;
						yield array( $id, "seed$id", $hash, "seed$id", "seed$id@example.test", '', $date( $i, $n_users ), '', 0, "Seed User $id" );
					}
				} )()
			);
		}
	);
	$caps = serialize( array( 'mvs_member' => true ) ); // phpcs:ignore
	mvs_seed_step(
		$wpdb->usermeta,
		static function () use ( $wpdb, $first_user, $n_users, $caps ) {
			$meta = array(
				$wpdb->prefix . 'capabilities' => $caps,
				$wpdb->prefix . 'user_level'   => '0',
				'nickname'                     => null,
				'rich_editing'                 => 'true',
				'show_admin_bar_front'         => 'true',
			);
			return mvs_seed_insert(
				$wpdb->usermeta,
				array( 'user_id', 'meta_key', 'meta_value' ),
				array( '%d', '%s', '%s' ),
				( static function () use ( $first_user, $n_users, $meta ) {
					for ( $i = 0; $i < $n_users; $i++ ) {
						$id = $first_user + $i;
						foreach ( $meta as $key => $value ) {
							yield array( $id, $key, $value ?? "seed$id" );
						}
					}
				} )()
			);
		}
	);
}
// Authors and engagement come from every mvs_member (earlier runs' too), so appending mixes in.
$member_ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT user_id FROM {$wpdb->usermeta} WHERE meta_key = %s AND meta_value LIKE %s", $wpdb->prefix . 'capabilities', '%mvs_member%' ) ) );
if ( ! $member_ids ) {
	$member_ids = array( 1 );
}
$n_members = count( $member_ids );

// ---------------------------------------------------------------- follows
if ( $n_users > 0 && $n_members > 1 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_follows',
		static function () use ( $wpdb, $first_user, $n_users, $member_ids, $n_members, $date ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_follows',
				array( 'follower_id', 'followed_id', 'created_at' ),
				array( '%d', '%d', '%s' ),
				( static function () use ( $first_user, $n_users, $member_ids, $n_members, $date ) {
					for ( $i = 0; $i < $n_users; $i++ ) {
						$follower = $first_user + $i;
						$seen     = array();
						$k        = min( $n_members - 1, 1 + mvs_tail( 12, 500 ) );
						while ( count( $seen ) < $k ) {
							// Popular accounts attract more followers: square the uniform draw.
							$followed = $member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ];
							if ( $followed !== $follower && ! isset( $seen[ $followed ] ) ) {
								$seen[ $followed ] = true;
								yield array( $follower, $followed, $date( $i, $n_users ) );
							}
						}
					}
				} )(),
				'INSERT IGNORE' // an earlier run's user may already follow the same account
			);
		}
	);
}

// ---------------------------------------------------------------- tags and categories
/**
 * The seeded terms of a taxonomy, created up to $wanted (terms and
 * term_taxonomy rows; a second run appends the missing ones).
 *
 * @param string   $taxonomy Taxonomy.
 * @param int      $wanted   Terms wanted in all.
 * @param string[] $words    Name stems, used in turn.
 * @param string   $slug     Slug prefix.
 * @return int[] Their term_taxonomy_ids, oldest first.
 */
function mvs_seed_terms( string $taxonomy, int $wanted, array $words, string $slug ): array {
	global $wpdb;
	$tt_ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s ORDER BY term_taxonomy_id", $taxonomy ) ) );
	if ( count( $tt_ids ) >= $wanted ) {
		return $tt_ids;
	}
	mvs_seed_step(
		"{$wpdb->terms} + {$wpdb->term_taxonomy} ($taxonomy)",
		static function () use ( $wpdb, $taxonomy, $wanted, $words, $slug, &$tt_ids ) {
			$first_term = mvs_seed_next_id( $wpdb->terms, 'term_id' );
			$first_tt   = mvs_seed_next_id( $wpdb->term_taxonomy, 'term_taxonomy_id' );
			$missing    = $wanted - count( $tt_ids );
			mvs_seed_insert(
				$wpdb->terms,
				array( 'term_id', 'name', 'slug', 'term_group' ),
				array( '%d', '%s', '%s', '%d' ),
				( static function () use ( $first_term, $missing, $words, $slug ) {
					for ( $i = 0; $i < $missing; $i++ ) {
						$id   = $first_term + $i;
						$name = $words[ $i % count( $words ) ] . '-' . $id;
						yield array( $id, $name, "$slug-$name", 0 );
					}
				} )()
			);
			mvs_seed_insert(
				$wpdb->term_taxonomy,
				array( 'term_taxonomy_id', 'term_id', 'taxonomy', 'description', 'parent', 'count' ),
				array( '%d', '%d', '%s', '%s', '%d', '%d' ),
				( static function () use ( $first_term, $first_tt, $missing, $taxonomy ) {
					for ( $i = 0; $i < $missing; $i++ ) {
						yield array( $first_tt + $i, $first_term + $i, $taxonomy, '', 0, 0 );
					}
				} )()
			);
			$tt_ids = array_merge( $tt_ids, range( $first_tt, $first_tt + $missing - 1 ) );
			return 2 * $missing;
		}
	);
	return $tt_ids;
}

/**
 * Sets a taxonomy's term counts from its relationships, as
 * wp_update_term_count() would leave them.
 *
 * @param string $taxonomy Taxonomy.
 */
function mvs_seed_term_counts( string $taxonomy ): void {
	global $wpdb;
	$wpdb->query(
		$wpdb->prepare(
			"UPDATE {$wpdb->term_taxonomy} tt SET tt.count = ( SELECT COUNT(*) FROM {$wpdb->term_relationships} tr WHERE tr.term_taxonomy_id = tt.term_taxonomy_id ) WHERE tt.taxonomy = %s",
			$taxonomy
		)
	);
	$wpdb->query( 'COMMIT' );
}

/**
 * One seeding step: the taxonomy's relationships to media, then its term
 * counts. Only the draw differs between taxonomies.
 *
 * @param string   $taxonomy Taxonomy.
 * @param callable $pairs    Returns a generator of [ media id, term_taxonomy_id ].
 */
function mvs_seed_relationships( string $taxonomy, callable $pairs ): void {
	global $wpdb;
	mvs_seed_step(
		"{$wpdb->term_relationships} ({$taxonomy})",
		static function () use ( $wpdb, $taxonomy, $pairs ) {
			$rows = mvs_seed_insert(
				$wpdb->term_relationships,
				array( 'object_id', 'term_taxonomy_id', 'term_order' ),
				array( '%d', '%d', '%d' ),
				( static function () use ( $pairs ) {
					foreach ( $pairs() as list( $object_id, $tt ) ) {
						yield array( $object_id, $tt, 0 );
					}
				} )()
			);
			mvs_seed_term_counts( $taxonomy );
			return $rows;
		}
	);
}

$tag_tt_ids = mvs_seed_terms( MVS_Taxonomies::TAG, $n_tags, array( 'sunset', 'city', 'travel', 'music', 'family', 'food', 'nature', 'sport', 'art', 'night', 'beach', 'mountain', 'street', 'pets', 'party', 'vintage', 'winter', 'summer', 'portrait', 'live' ), 'seed' );
// Media categories, for GET /app/interests (the top categories by use).
$cat_tt_ids = mvs_seed_terms( MVS_Taxonomies::CATEGORY, $n_cats, array( 'landscapes', 'animals', 'cars', 'fashion', 'architecture', 'concerts', 'cooking', 'gaming', 'science', 'crafts' ), 'seed-cat' );
$n_tag_tt = count( $tag_tt_ids );
$n_cat_tt = count( $cat_tt_ids );

// ---------------------------------------------------------------- media
// Per item, decided first so the denormalised counters match the rows below.
$first_media = mvs_seed_next_id( $wpdb->prefix . 'mvs_media', 'id' );
$plan        = array(); // index => [ reactions, comments, favorites ]
if ( $n_media > 0 ) {
	$types = array(
		'image'    => array( 70, 'image/jpeg', 'jpg' ),
		'video'    => array( 20, 'video/mp4', 'mp4' ),
		'audio'    => array( 5, 'audio/mpeg', 'mp3' ),
		'document' => array( 5, 'application/pdf', 'pdf' ),
	);
	$type_weights = array_map( static fn( $t ) => $t[0], $types );
	$privacy      = array( 'public' => 70, 'members' => 15, 'private' => 10, 'group' => 5 );
	$moderation   = array( 'approved' => 95, 'pending' => 3, 'rejected' => 2 );
	for ( $i = 0; $i < $n_media; $i++ ) {
		$plan[] = array( min( $n_members, mvs_tail( 4, 400 ) ), mvs_tail( 2, 100 ), mvs_tail( 1, 50 ) );
	}
	mvs_seed_step(
		$wpdb->prefix . 'mvs_media',
		static function () use ( $wpdb, $first_media, $n_media, $plan, $types, $type_weights, $privacy, $moderation, $member_ids, $n_members, $date ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_media',
				array( 'id', 'author_id', 'title', 'slug', 'description', 'media_type', 'mime_type', 'file_path', 'file_size', 'file_hash', 'width', 'height', 'privacy', 'group_id', 'moderation_status', 'views', 'reactions_count', 'comments_count', 'trending_score', 'created_at', 'updated_at' ),
				array( '%d', '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%s', '%d', '%d', '%s', '%d', '%s', '%d', '%d', '%d', '%.9F', '%s', '%s' ),
				( static function () use ( $first_media, $n_media, $plan, $types, $type_weights, $privacy, $moderation, $member_ids, $n_members, $date ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						$id      = $first_media + $i;
						$type    = mvs_pick( $type_weights );
						$priv    = mvs_pick( $privacy );
						$created = $date( $i, $n_media );
						$age_d   = max( 1, ( time() - strtotime( $created . ' UTC' ) ) / 86400 );
						$views   = (int) min( 5000000, floor( 10 * pow( 1 - mvs_rand(), -1.3 ) ) );
						list( $reactions, $comments ) = $plan[ $i ];
						$month = substr( $created, 0, 4 ) . '/' . substr( $created, 5, 2 );
						$path  = ( 'public' === $priv ? 'mvs' : 'mvs-private' ) . "/$month/seed-$id." . $types[ $type ][2];
						yield array(
							$id,
							$member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ], // a few prolific authors
							"Seed $type $id",
							"seed-$type-$id",
							'Seeded item for benchmarks.',
							$type,
							$types[ $type ][1],
							$path,
							mt_rand( 50000, 20000000 ),
							hash( 'sha256', "seed-$id" ),
							'image' === $type || 'video' === $type ? 1920 : 0,
							'image' === $type || 'video' === $type ? 1080 : 0,
							$priv,
							'group' === $priv ? mt_rand( 1, 50 ) : 0,
							mvs_pick( $moderation ),
							$views,
							$reactions,
							$comments,
							mvs_seed_trending( ( $views + 10 * $reactions + 20 * $comments ) / pow( $age_d + 2, 1.5 ) * 10 ),
							$created,
							$created,
						);
					}
				} )()
			);
		}
	);

	// ------------------------------------------------------------ engagement
	// One reaction per (item, user): distinct users per item.
	$distinct_users = static function ( int $k ) use ( $member_ids, $n_members ): array {
		$picked = array();
		while ( count( $picked ) < $k ) {
			$picked[ $member_ids[ mt_rand( 0, $n_members - 1 ) ] ] = true;
		}
		return array_keys( $picked );
	};
	$reaction_types = array( 'like' => 60, 'love' => 20, 'haha' => 8, 'wow' => 7, 'sad' => 5 );
	mvs_seed_step(
		$wpdb->prefix . 'mvs_reactions',
		static function () use ( $wpdb, $first_media, $n_media, $plan, $distinct_users, $reaction_types, $date ) {
			$first = mvs_seed_next_id( $wpdb->prefix . 'mvs_reactions', 'id' );
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_reactions',
				array( 'id', 'media_id', 'user_id', 'reaction_type', 'created_at' ),
				array( '%d', '%d', '%d', '%s', '%s' ),
				( static function () use ( $first, $first_media, $n_media, $plan, $distinct_users, $reaction_types, $date ) {
					$id = $first;
					for ( $i = 0; $i < $n_media; $i++ ) {
						foreach ( $distinct_users( $plan[ $i ][0] ) as $user ) {
							yield array( $id++, $first_media + $i, $user, mvs_pick( $reaction_types ), $date( $i, $n_media ) );
						}
					}
				} )()
			);
		}
	);
	mvs_seed_step(
		$wpdb->prefix . 'mvs_comments',
		static function () use ( $wpdb, $first_media, $n_media, $plan, $member_ids, $n_members, $date ) {
			$first = mvs_seed_next_id( $wpdb->prefix . 'mvs_comments', 'id' );
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_comments',
				array( 'id', 'media_id', 'user_id', 'parent_id', 'content', 'status', 'created_at', 'updated_at' ),
				array( '%d', '%d', '%d', '%d', '%s', '%s', '%s', '%s' ),
				( static function () use ( $first, $first_media, $n_media, $plan, $member_ids, $n_members, $date ) {
					$id = $first;
					for ( $i = 0; $i < $n_media; $i++ ) {
						$top = 0;
						for ( $c = 0; $c < $plan[ $i ][1]; $c++ ) {
							// About one comment in four answers the first one of the item.
							$parent  = $top && mvs_rand() < 0.25 ? $top : 0;
							$created = $date( $i, $n_media );
							yield array( $id, $first_media + $i, $member_ids[ mt_rand( 0, $n_members - 1 ) ], $parent, "Seeded comment $id", mvs_rand() < 0.97 ? 'approved' : 'pending', $created, $created );
							$top = $top ?: $id;
							++$id;
						}
					}
				} )()
			);
		}
	);
	// One notification per comment. Recipients are skewed towards the first
	// members (the fixture users among them), as attention is in a community,
	// so the bench member's list has whole pages; half of them are read.
	mvs_seed_step(
		$wpdb->prefix . 'mvs_notifications',
		static function () use ( $wpdb, $first_media, $n_media, $plan, $member_ids, $n_members, $date ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_notifications',
				array( 'user_id', 'actor_id', 'type', 'object_type', 'object_id', 'data', 'is_read', 'created_at' ),
				array( '%d', '%d', '%s', '%s', '%d', '%s', '%d', '%s' ),
				( static function () use ( $first_media, $n_media, $plan, $member_ids, $n_members, $date ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						for ( $c = 0; $c < $plan[ $i ][1]; $c++ ) {
							$user = $member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ];
							yield array( $user, $member_ids[ mt_rand( 0, $n_members - 1 ) ], 'media_comment', 'media', $first_media + $i, '{}', mvs_rand() < 0.5 ? 1 : 0, $date( $i, $n_media ) );
						}
					}
				} )()
			);
		}
	);
	mvs_seed_step(
		$wpdb->prefix . 'mvs_favorites',
		static function () use ( $wpdb, $first_media, $n_media, $plan, $distinct_users, $date ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_favorites',
				array( 'user_id', 'media_id', 'collection_id', 'created_at' ),
				array( '%d', '%d', '%d', '%s' ),
				( static function () use ( $first_media, $n_media, $plan, $distinct_users, $date ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						foreach ( $distinct_users( $plan[ $i ][2] ) as $user ) {
							yield array( $user, $first_media + $i, 0, $date( $i, $n_media ) );
						}
					}
				} )()
			);
		}
	);

	// ------------------------------------------------------------ tags on media
	if ( $n_tag_tt ) {
		mvs_seed_relationships(
			MVS_Taxonomies::TAG,
			static function () use ( $first_media, $n_media, $tag_tt_ids, $n_tag_tt ) {
				for ( $i = 0; $i < $n_media; $i++ ) {
					$picked = array();
					$k      = mt_rand( 0, 4 ); // 0–4 tags, 2 on average
					while ( count( $picked ) < $k ) {
						// A few tags are far more common than the rest.
						$picked[ $tag_tt_ids[ (int) ( $n_tag_tt * mvs_rand() * mvs_rand() ) ] ] = true;
					}
					foreach ( array_keys( $picked ) as $tt ) {
						yield array( $first_media + $i, $tt );
					}
				}
			}
		);
	}

	// ------------------------------------------------------------ categories on media
	// 0 or 1 category an item (seven in ten have one), skewed: the square of
	// a uniform draw puts 14 % of them in the first category and 1 % in the
	// last (of 50), so every category has items already at 10k. Drawn from a
	// hash of the item's id, not mt_rand, so the rest of the seed draws what
	// it drew before categories existed.
	if ( $n_cat_tt ) {
		mvs_seed_relationships(
			MVS_Taxonomies::CATEGORY,
			static function () use ( $first_media, $n_media, $cat_tt_ids, $n_cat_tt ) {
				for ( $i = 0; $i < $n_media; $i++ ) {
					$id = $first_media + $i;
					// Two independent uniform draws in [0, 1) from 64 bits of the hash.
					list( , $has, $which ) = unpack( 'N2', md5( "seed-category-$id", true ) );
					if ( $has / 4294967296 < 0.7 ) {
						yield array( $id, $cat_tt_ids[ (int) ( $n_cat_tt * ( $which / 4294967296 ) ** 2 ) ] );
					}
				}
			}
		);
	}
}

// ---------------------------------------------------------------- albums, collections, blocks
// Rows for the list routes of the bench beyond the media list: albums
// (half the new items, 20 to an album of 40 consecutive ids), manual
// collections of 10 items, and blocks; owners skewed towards the first
// members like the notifications, so the fixture member has some of each.
if ( $n_media > 0 ) {
	$first_album = mvs_seed_next_id( $wpdb->prefix . 'mvs_albums', 'id' );
	$n_albums    = intdiv( $n_media, 40 );
	if ( $n_albums > 0 ) {
		mvs_seed_step(
			$wpdb->prefix . 'mvs_albums',
			static function () use ( $wpdb, $first_album, $n_albums, $first_media, $member_ids, $n_members, $date ) {
				$rows = mvs_seed_insert(
					$wpdb->prefix . 'mvs_albums',
					array( 'id', 'author_id', 'title', 'description', 'privacy', 'cover_media_id', 'media_count', 'created_at', 'updated_at' ),
					array( '%d', '%d', '%s', '%s', '%s', '%d', '%d', '%s', '%s' ),
					( static function () use ( $first_album, $n_albums, $first_media, $member_ids, $n_members, $date ) {
						$privacy = array( 'public' => 80, 'members' => 10, 'private' => 10 );
						for ( $a = 0; $a < $n_albums; $a++ ) {
							$created = $date( $a, $n_albums );
							yield array( $first_album + $a, $member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ], 'Seeded album ' . ( $first_album + $a ), '', mvs_pick( $privacy ), $first_media + 40 * $a + ( $first_media % 2 ), 20, $created, $created );
						}
					} )()
				);
				// The items: every other id of the album's 40 (exactly 20, as media_count says).
				$wpdb->query(
					$wpdb->prepare(
						"UPDATE {$wpdb->prefix}mvs_media SET album_id = %d + FLOOR( ( id - %d ) / 40 ), album_position = MOD( id - %d, 40 ) DIV 2 WHERE id BETWEEN %d AND %d AND MOD( id, 2 ) = 0",
						$first_album,
						$first_media,
						$first_media,
						$first_media,
						$first_media + 40 * $n_albums - 1
					)
				);
				$wpdb->query( 'COMMIT' );
				return $rows;
			}
		);
	}
	$first_collection = mvs_seed_next_id( $wpdb->prefix . 'mvs_collections', 'id' );
	$n_collections    = intdiv( $n_media, 20 );
	if ( $n_collections > 0 ) {
		mvs_seed_step(
			$wpdb->prefix . 'mvs_collections',
			static function () use ( $wpdb, $first_collection, $n_collections, $member_ids, $n_members, $date ) {
				return mvs_seed_insert(
					$wpdb->prefix . 'mvs_collections',
					array( 'id', 'author_id', 'title', 'type', 'rules', 'privacy', 'created_at', 'updated_at' ),
					array( '%d', '%d', '%s', '%s', '%s', '%s', '%s', '%s' ),
					( static function () use ( $first_collection, $n_collections, $member_ids, $n_members, $date ) {
						for ( $c = 0; $c < $n_collections; $c++ ) {
							$created = $date( $c, $n_collections );
							yield array( $first_collection + $c, $member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ], 'Seeded collection ' . ( $first_collection + $c ), 'manual', '', mvs_rand() < 0.8 ? 'public' : 'private', $created, $created );
						}
					} )()
				);
			}
		);
		mvs_seed_step(
			$wpdb->prefix . 'mvs_collection_items',
			static function () use ( $wpdb, $first_collection, $n_collections, $first_media, $n_media, $date ) {
				return mvs_seed_insert(
					$wpdb->prefix . 'mvs_collection_items',
					array( 'collection_id', 'media_id', 'position', 'created_at' ),
					array( '%d', '%d', '%d', '%s' ),
					( static function () use ( $first_collection, $n_collections, $first_media, $n_media, $date ) {
						for ( $c = 0; $c < $n_collections; $c++ ) {
							$picked = array();
							while ( count( $picked ) < min( 10, $n_media ) ) {
								$picked[ $first_media + mt_rand( 0, $n_media - 1 ) ] = true;
							}
							$position = 0;
							foreach ( array_keys( $picked ) as $media_id ) {
								yield array( $first_collection + $c, $media_id, $position++, $date( $c, $n_collections ) );
							}
						}
					} )()
				);
			}
		);
	}
}
if ( $n_users > 0 && $n_members > 1 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_blocks',
		static function () use ( $wpdb, $n_users, $member_ids, $n_members, $date ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_blocks',
				array( 'blocker_id', 'blocked_id', 'created_at' ),
				array( '%d', '%d', '%s' ),
				( static function () use ( $n_users, $member_ids, $n_members, $date ) {
					$n = intdiv( $n_users, 5 );
					for ( $b = 0; $b < $n; $b++ ) {
						$blocker = $member_ids[ (int) ( $n_members * mvs_rand() * mvs_rand() ) ];
						$blocked = $member_ids[ mt_rand( 0, $n_members - 1 ) ];
						if ( $blocker !== $blocked ) {
							yield array( $blocker, $blocked, $date( $b, $n ) );
						}
					}
				} )(),
				'INSERT IGNORE'
			);
		}
	);
	// Each member's block list is also kept in user meta (MVS_Media_Visibility::
	// BLOCKED_META, both directions), where every read of a member's lists finds
	// it: rebuilt from the whole table, so a second seeding keeps it exact.
	mvs_seed_step(
		$wpdb->usermeta . ' (' . MVS_Media_Visibility::BLOCKED_META . ')',
		static function () use ( $wpdb ) {
			$lists = array();
			foreach ( $wpdb->get_results( "SELECT blocker_id, blocked_id FROM {$wpdb->prefix}mvs_blocks", ARRAY_N ) as list( $blocker, $blocked ) ) {
				$lists[ (int) $blocker ][ (int) $blocked ] = true;
				$lists[ (int) $blocked ][ (int) $blocker ] = true;
			}
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key = %s", MVS_Media_Visibility::BLOCKED_META ) );
			return mvs_seed_insert(
				$wpdb->usermeta,
				array( 'user_id', 'meta_key', 'meta_value' ),
				array( '%d', '%s', '%s' ),
				( static function () use ( $lists ) {
					foreach ( $lists as $user_id => $ids ) {
						yield array( $user_id, MVS_Media_Visibility::BLOCKED_META, serialize( array_keys( $ids ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- the format update_user_meta() stores.
					}
				} )()
			);
		}
	);
}

// ---------------------------------------------------------------- activity and feeds
// One event per seeded upload, album, comment and reaction (what the
// plugin's hooks record), in date order; and the bench member (the fixture
// member, MVS_SEED_FEED_VIEWER) following 500 members, with their events
// fanned out to its inbox as the plugin would have (docs/activity-and-feed.md).
// Other members' inboxes are left empty: a read touches only the reader's range.
if ( $n_media > 0 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_activity',
		static function () use ( $wpdb, $first_media ) {
			$p = $wpdb->prefix;
			$n = $wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$p}mvs_activity ( user_id, type, media_id, album_id, ref_id, created_at ) SELECT user_id, type, media_id, album_id, ref_id, created_at FROM (
						SELECT author_id AS user_id, 'upload' AS type, id AS media_id, 0 AS album_id, 0 AS ref_id, created_at FROM {$p}mvs_media WHERE id >= %d
						UNION ALL SELECT a.author_id, 'album', 0, a.id, 0, a.created_at FROM {$p}mvs_albums a WHERE a.cover_media_id >= %d
						UNION ALL SELECT user_id, 'comment', media_id, 0, id, created_at FROM {$p}mvs_comments WHERE media_id >= %d
						UNION ALL SELECT user_id, 'reaction', media_id, 0, 0, created_at FROM {$p}mvs_reactions WHERE media_id >= %d
					) e ORDER BY created_at",
					$first_media,
					$first_media,
					$first_media,
					$first_media
				)
			);
			$wpdb->query( 'COMMIT' );
			return (int) $n;
		}
	);
}
$feed_viewer = (int) ( getenv( 'MVS_SEED_FEED_VIEWER' ) ?: 0 );
if ( $feed_viewer > 0 && $n_members > 1 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_activity_inbox',
		static function () use ( $wpdb, $feed_viewer, $member_ids ) {
			$p      = $wpdb->prefix;
			$have   = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$p}mvs_follows WHERE follower_id = %d", $feed_viewer ) );
			$others = array_values( array_diff( $member_ids, array( $feed_viewer ) ) );
			shuffle( $others );
			$add = array_slice( $others, 0, max( 0, 500 - $have ) );
			mvs_seed_insert(
				"{$p}mvs_follows",
				array( 'follower_id', 'followed_id', 'created_at' ),
				array( '%d', '%d', '%s' ),
				( static function () use ( $feed_viewer, $add ) {
					foreach ( $add as $followed ) {
						yield array( $feed_viewer, $followed, gmdate( 'Y-m-d H:i:s' ) );
					}
				} )(),
				'INSERT IGNORE'
			);
			if ( class_exists( 'MVS_Follow_Graph' ) ) {
				MVS_Follow_Graph::rebuild_counts();
			}
			$n = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$p}mvs_activity_inbox ( user_id, activity_id, actor_id ) SELECT %d, a.id, a.user_id FROM {$p}mvs_activity a JOIN {$p}mvs_follows f ON f.followed_id = a.user_id AND f.follower_id = %d", $feed_viewer, $feed_viewer ) );
			$wpdb->query( 'COMMIT' );
			return (int) $n;
		}
	);
}

// ---------------------------------------------------------------- conversations and messages
// The bench member talks with up to 200 members: as many messages as items
// (10k, 1M), half of them in its first conversation (the thread the bench
// reads), the rest spread over the others. Member rows hold what the send
// route leaves: the last message, and unread counters.
$bench_member = (int) ( getenv( 'MVS_SEED_FEED_VIEWER' ) ?: 0 );
if ( $bench_member > 0 && $n_members > 1 && $n_media > 0 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_messages',
		static function () use ( $wpdb, $bench_member, $member_ids, $n_media, $date ) {
			$feed_viewer = $bench_member;
			$p      = $wpdb->prefix;
			$others = array_slice( array_values( array_diff( $member_ids, array( $feed_viewer ) ) ), 0, 200 );
			$n_conv = count( $others );
			// A site grown to the large size is seeded again: its conversations stay, messages are added.
			$conv   = (int) $wpdb->get_var( $wpdb->prepare( "SELECT MIN( conversation_id ) FROM {$p}mvs_conversation_members WHERE user_id = %d", $feed_viewer ) );
			$fresh  = 0 === $conv;
			$conv   = $fresh ? mvs_seed_next_id( "{$p}mvs_conversations", 'id' ) : $conv;
			$msg    = mvs_seed_next_id( "{$p}mvs_messages", 'id' );
			$of     = static function ( int $i ) use ( $n_conv ): int {
				return 0 === $i % 2 ? 0 : ( $i % $n_conv );
			};
			$last   = array();
			for ( $i = 0; $i < $n_media; $i++ ) {
				$last[ $of( $i ) ] = $msg + $i;
			}
			if ( $fresh ) {
				mvs_seed_insert(
					"{$p}mvs_conversations",
					array( 'id', 'created_by', 'pair_key', 'last_message_id', 'created_at', 'updated_at' ),
					array( '%d', '%d', '%s', '%d', '%s', '%s' ),
					( static function () use ( $others, $feed_viewer, $conv, $last, $date ) {
						foreach ( $others as $k => $other ) {
							yield array( $conv + $k, $feed_viewer, min( $other, $feed_viewer ) . ':' . max( $other, $feed_viewer ), $last[ $k ] ?? 0, $date( 0, 1 ), $date( 0, 1 ) );
						}
					} )()
				);
				mvs_seed_insert(
					"{$p}mvs_conversation_members",
					array( 'conversation_id', 'user_id', 'status', 'unread_count', 'last_message_id', 'last_read_message_id', 'joined_at' ),
					array( '%d', '%d', '%s', '%d', '%d', '%d', '%s' ),
					( static function () use ( $others, $feed_viewer, $conv, $last, $date ) {
						foreach ( $others as $k => $other ) {
							$at = $last[ $k ] ?? 0;
							yield array( $conv + $k, $feed_viewer, 'active', $k % 3, $at, max( 0, $at - $k % 3 ), $date( 0, 1 ) );
							yield array( $conv + $k, $other, 'active', 0, $at, $at, $date( 0, 1 ) );
						}
					} )()
				);
			}
			$n = mvs_seed_insert(
				"{$p}mvs_messages",
				array( 'id', 'conversation_id', 'sender_id', 'content', 'message_type', 'metadata', 'created_at' ),
				array( '%d', '%d', '%d', '%s', '%s', '%s', '%s' ),
				( static function () use ( $n_media, $others, $feed_viewer, $conv, $msg, $of, $date ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						$k = $of( $i );
						yield array( $msg + $i, $conv + $k, 0 === $i % 3 ? $feed_viewer : $others[ $k ], 'Seeded message ' . $i, 'text', '', $date( $i, $n_media ) );
					}
				} )()
			);
			$last_id = "SELECT MAX( id ) FROM {$p}mvs_messages WHERE conversation_id = {$p}mvs_conversations.id";
			$wpdb->query( $wpdb->prepare( "UPDATE {$p}mvs_conversations SET last_message_id = ( {$last_id} ) WHERE id BETWEEN %d AND %d", $conv, $conv + $n_conv - 1 ) ); // phpcs:ignore
			$wpdb->query( $wpdb->prepare( "UPDATE {$p}mvs_conversation_members m JOIN {$p}mvs_conversations c ON c.id = m.conversation_id SET m.last_message_id = c.last_message_id WHERE c.id BETWEEN %d AND %d", $conv, $conv + $n_conv - 1 ) ); // phpcs:ignore
			$wpdb->query( 'COMMIT' );
			return $n;
		}
	);
}

// ---------------------------------------------------------------- work for the scheduled jobs
// What the daily and hourly purges delete, so the bench times them with work
// to do: view records (0–2 per new item, from its creation until now, so most
// are past the 90-day default of view_log_days), de-duplication marks of the
// last two days (30-minute windows: nearly all finished), and rate-limit
// windows of the last three hours (one-minute windows: nearly all expired).
if ( $n_media > 0 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_media_views',
		static function () use ( $wpdb, $first_media, $n_media, $member_ids, $n_members, $date, $now ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_media_views',
				array( 'media_id', 'user_id', 'ip_hash', 'created_at' ),
				array( '%d', '%d', '%s', '%s' ),
				( static function () use ( $first_media, $n_media, $member_ids, $n_members, $date, $now ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						$k = mt_rand( 0, 2 );
						for ( $v = 0; $v < $k; $v++ ) {
							$from = strtotime( $date( $i, $n_media ) . ' UTC' );
							$user = mvs_rand() < 0.5 ? $member_ids[ mt_rand( 0, $n_members - 1 ) ] : 0;
							yield array( $first_media + $i, $user, hash( 'sha256', "view-$i-$v-" . mt_rand() ), gmdate( 'Y-m-d H:i:s', mt_rand( $from, $now ) ) );
						}
					}
				} )()
			);
		}
	);
	mvs_seed_step(
		$wpdb->prefix . 'mvs_view_marks',
		static function () use ( $wpdb, $first_media, $n_media, $now ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_view_marks',
				array( 'media_id', 'viewer', 'window_start' ),
				array( '%d', '%s', '%d' ),
				( static function () use ( $first_media, $n_media, $now ) {
					for ( $i = 0; $i < $n_media; $i++ ) {
						if ( mvs_rand() < 0.3 ) {
							$at = $now - mt_rand( 0, 2 * 86400 );
							yield array( $first_media + $i, hash( 'sha256', "mark-$i-" . mt_rand() ), $at - ( $at % 1800 ) );
						}
					}
				} )(),
				'INSERT IGNORE'
			);
		}
	);
	mvs_seed_step(
		$wpdb->prefix . 'mvs_rate_limits',
		static function () use ( $wpdb, $first_media, $n_media, $now ) {
			return mvs_seed_insert(
				$wpdb->prefix . 'mvs_rate_limits',
				array( 'bucket', 'window_start', 'hits' ),
				array( '%s', '%d', '%d' ),
				( static function () use ( $first_media, $n_media, $now ) {
					$n = max( 1000, intdiv( $n_media, 10 ) );
					for ( $r = 0; $r < $n; $r++ ) {
						$at = $now - mt_rand( 0, 3 * 3600 );
						yield array( hash( 'sha256', "bucket-$first_media-$r" ), $at - ( $at % 60 ), mt_rand( 1, 120 ) );
					}
				} )(),
				'INSERT IGNORE'
			);
		}
	);
}

// ---------------------------------------------------------------- posts
// The core anchor of the benchmark: as many published posts as media items,
// each in "Uncategorized" like a post made in wp-admin.
if ( $n_posts > 0 ) {
	$first_post = mvs_seed_next_id( $wpdb->posts, 'ID' );
	$category   = (int) get_option( 'default_category', 1 );
	$cat_tt     = (int) $wpdb->get_var( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE term_id = %d AND taxonomy = 'category'", $category ) );
	$home       = home_url( '/' );
	mvs_seed_step(
		$wpdb->posts,
		static function () use ( $wpdb, $first_post, $n_posts, $member_ids, $n_members, $date, $home ) {
			$content = str_repeat( '<!-- wp:paragraph --><p>Seeded post body for the benchmark anchor. Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p><!-- /wp:paragraph -->' . "\n\n", 4 );
			return mvs_seed_insert(
				$wpdb->posts,
				array( 'ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title', 'post_excerpt', 'post_status', 'comment_status', 'ping_status', 'post_password', 'post_name', 'to_ping', 'pinged', 'post_modified', 'post_modified_gmt', 'post_content_filtered', 'post_parent', 'guid', 'menu_order', 'post_type', 'post_mime_type', 'comment_count' ),
				array( '%d', '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%s', '%d', '%s', '%s', '%d' ),
				( static function () use ( $first_post, $n_posts, $member_ids, $n_members, $date, $content, $home ) {
					for ( $i = 0; $i < $n_posts; $i++ ) {
						$id = $first_post + $i;
						$d  = $date( $i, $n_posts );
						yield array( $id, $member_ids[ mt_rand( 0, $n_members - 1 ) ], $d, $d, $content, "Seeded post $id", '', 'publish', 'open', 'open', '', "seeded-post-$id", '', '', $d, $d, '', 0, $home . "?p=$id", 0, 'post', '', 0 );
					}
				} )()
			);
		}
	);
	if ( $cat_tt ) {
		mvs_seed_step(
			$wpdb->term_relationships . ' (category)',
			static function () use ( $wpdb, $first_post, $n_posts, $cat_tt ) {
				$rows = mvs_seed_insert(
					$wpdb->term_relationships,
					array( 'object_id', 'term_taxonomy_id', 'term_order' ),
					array( '%d', '%d', '%d' ),
					( static function () use ( $first_post, $n_posts, $cat_tt ) {
						for ( $i = 0; $i < $n_posts; $i++ ) {
							yield array( $first_post + $i, $cat_tt, 0 );
						}
					} )()
				);
				$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->term_taxonomy} SET count = count + %d WHERE term_taxonomy_id = %d", $n_posts, $cat_tt ) );
				$wpdb->query( 'COMMIT' );
				return $rows;
			}
		);
	}
}

$wpdb->query( 'COMMIT' );
$wpdb->query( 'SET autocommit = 1' );

// ---------------------------------------------------------------- caches and statistics
// Rows went in behind WordPress's back: drop what it may have cached about them.
wp_cache_flush();
delete_option( 'mvs_tag_children' );
clean_term_cache( $tag_tt_ids, MVS_Taxonomies::TAG );
clean_term_cache( $cat_tt_ids, MVS_Taxonomies::CATEGORY );
MVS_App_Interests_Cache::forget();
// The list totals count per key what the plugin's writes keep in step: recount them.
mvs_seed_step(
	'list totals (mvs_media_totals)',
	static function () {
		wp_cache_delete( 'alloptions', 'options' );
		( new MVS_Media_Totals_Rebuild() )->reset();
		$batches = 1;
		while ( ! MVS_Media_Totals::rebuild( 50000 ) ) {
			++$batches;
		}
		return $batches;
	}
);
// Tags went in as relationships alone: write every item's copy of them, as the refill job would.
mvs_seed_step(
	'tag copies (mvs_media.terms_copy)',
	static function () {
		$rows = 0;
		do {
			$step  = ( new MVS_Media_Terms_Copy_Refill() )->refill( 5000 );
			$rows += $step['rows'];
		} while ( 5000 === $step['rows'] && false !== $step['written'] );
		return $rows;
	}
);
// ---------------------------------------------------------------- access rules and grants
// One item in a thousand granted to a member (and 30 to the bench member),
// one in two thousand with a "members" rule, and their access_scoped flag
// as the routes set it: lists keep their keyed totals and correct them over
// these few rows (docs/access-rules-and-grants.md).
// The bench member (the fixture member, as for the feed rows).
$access_viewer = (int) ( getenv( 'MVS_SEED_FEED_VIEWER' ) ?: 0 );
if ( $n_media > 0 && $n_members > 1 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_access_grants',
		static function () use ( $wpdb, $first_media, $n_media, $member_ids, $n_members, $access_viewer, $date ) {
			$p = $wpdb->prefix;
			$n = max( 1, intdiv( $n_media, 1000 ) );
			mvs_seed_insert(
				"{$p}mvs_access_grants",
				array( 'media_id', 'user_id', 'source', 'created_at' ),
				array( '%d', '%d', '%s', '%s' ),
				( static function () use ( $first_media, $n_media, $member_ids, $n_members, $access_viewer, $n, $date ) {
					for ( $g = 0; $g < $n; $g++ ) {
						yield array( $first_media + mt_rand( 0, $n_media - 1 ), $member_ids[ mt_rand( 0, $n_members - 1 ) ], 'manual', $date( $g, $n ) );
					}
					for ( $g = 0; $access_viewer > 0 && $g < 30; $g++ ) {
						yield array( $first_media + mt_rand( 0, $n_media - 1 ), $access_viewer, 'manual', $date( $g, 30 ) );
					}
				} )(),
				'INSERT IGNORE'
			);
			$rules = max( 1, intdiv( $n_media, 2000 ) );
			mvs_seed_insert(
				"{$p}mvs_access_rules",
				array( 'media_id', 'rule_type', 'rule_value', 'created_at' ),
				array( '%d', '%s', '%s', '%s' ),
				( static function () use ( $first_media, $n_media, $rules, $date ) {
					for ( $r = 0; $r < $rules; $r++ ) {
						yield array( $first_media + mt_rand( 0, $n_media - 1 ), 'members', '', $date( $r, $rules ) );
					}
				} )()
			);
			return (int) $wpdb->query( "UPDATE {$p}mvs_media SET access_scoped = 1 WHERE id IN ( SELECT media_id FROM {$p}mvs_access_grants UNION SELECT media_id FROM {$p}mvs_access_rules )" ); // phpcs:ignore WordPress.DB
		}
	);
}
// ---------------------------------------------------------------- Pro: credit log and quota usage
// A community that sells upload credits: every image, video and audio item of
// this run spent one credit of its type, the row Pro's ledger writes then, so
// a member's credit history is as long as their uploads; the bench member (who
// authors no seeded media) is a heavy buyer, with a row for every hundredth
// item of the run (100 at 10k items, 10,000 at 1M). Each member's usage
// row is built by Pro's own seeding from their media, as its list does on a
// site that had media before Pro (docs/pro-quotas.md).
if ( $n_media > 0 && isset( $wpdb->mvs_credit_log ) ) {
	mvs_seed_step(
		$wpdb->mvs_credit_log,
		static function () use ( $wpdb, $first_media ) {
			$rows   = 0;
			$last   = (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->prefix}mvs_media" ); // phpcs:ignore WordPress.DB
			$member = (int) ( getenv( 'MVS_SEED_FEED_VIEWER' ) ?: 0 );
			for ( $from = $first_media; $from <= $last; $from += 50000 ) {
				$rows += (int) $wpdb->query(
					$wpdb->prepare(
						// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names.
						"INSERT INTO {$wpdb->mvs_credit_log} (user_id, credit_type, amount, balance_after, source, reference, note, created_at) SELECT author_id, media_type, -1, 0, 'upload', '', '', created_at FROM {$wpdb->prefix}mvs_media WHERE id BETWEEN %d AND %d AND media_type IN ('image', 'video', 'audio') ORDER BY id",
						$from,
						$from + 49999
					)
				);
				if ( $member > 0 ) {
					$rows += (int) $wpdb->query(
						$wpdb->prepare(
							// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names.
							"INSERT INTO {$wpdb->mvs_credit_log} (user_id, credit_type, amount, balance_after, source, reference, note, created_at) SELECT %d, 'image', -1, 0, 'upload', '', '', created_at FROM {$wpdb->prefix}mvs_media WHERE id BETWEEN %d AND %d AND MOD(id, 100) = 0 ORDER BY id",
							$member,
							$from,
							$from + 49999
						)
					);
				}
				$wpdb->query( 'COMMIT' );
			}
			return $rows;
		}
	);
}
if ( class_exists( 'MVS_Pro_Usage_Store' ) ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_quota_usage',
		static function () {
			( new MVS_Pro_Usage_Store() )->seed_missing();
			return 1;
		}
	);
}
// ---------------------------------------------------------------- follower counts and the name index
// The routes keep both in step; the rows inserted above (follows, users) need them built.
mvs_seed_step(
	$wpdb->prefix . 'mvs_user_stats',
	static function () {
		MVS_Follow_Graph::rebuild_counts();
		return 1;
	}
);
if ( $n_users > 0 ) {
	mvs_seed_step(
		$wpdb->prefix . 'mvs_user_search_tokens',
		static function () use ( $first_user ) {
			update_option( MVS_User_Search_Index::CURSOR_OPTION, $first_user - 1, true );
			MVS_User_Search_Index::fill( 86400 );
			return 1;
		}
	);
}
mvs_seed_step(
	'ANALYZE TABLE',
	static function () use ( $wpdb ) {
		$tables = array( $wpdb->users, $wpdb->usermeta, $wpdb->posts, $wpdb->terms, $wpdb->term_taxonomy, $wpdb->term_relationships );
		foreach ( array( 'mvs_media', 'mvs_reactions', 'mvs_comments', 'mvs_notifications', 'mvs_favorites', 'mvs_follows', 'mvs_user_stats', 'mvs_user_search_tokens', 'mvs_albums', 'mvs_collections', 'mvs_collection_items', 'mvs_blocks', 'mvs_activity', 'mvs_activity_inbox', 'mvs_media_views', 'mvs_view_marks', 'mvs_rate_limits', 'mvs_access_grants', 'mvs_access_rules' ) as $t ) {
			$tables[] = $wpdb->prefix . $t;
		}
		if ( isset( $wpdb->mvs_credit_log ) ) {
			array_push( $tables, $wpdb->mvs_credit_log, $wpdb->prefix . 'mvs_quota_usage' );
		}
		$wpdb->get_results( 'ANALYZE TABLE ' . implode( ', ', $tables ) ); // phpcs:ignore
		return count( $tables );
	}
);

echo wp_json_encode(
	array(
		'done'   => true,
		'ms'     => (int) round( ( microtime( true ) - $started_all ) * 1000 ),
		'totals' => array(
			'users'     => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->users}" ),
			'media'     => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media" ),
			'posts'     => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'publish'" ),
			'reactions' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_reactions" ),
			'comments'  => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_comments" ),
			'notifications' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_notifications" ),
			'favorites' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_favorites" ),
			'follows'   => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_follows" ),
			'categories' => count( $cat_tt_ids ),
			'categorised' => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE(SUM(count), 0) FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s", MVS_Taxonomies::CATEGORY ) ),
		),
		'first_public_media' => (int) $wpdb->get_var( "SELECT id FROM {$wpdb->prefix}mvs_media WHERE privacy = 'public' AND moderation_status = 'approved' ORDER BY id LIMIT 1" ),
		'most_commented_public_media' => (int) $wpdb->get_var( "SELECT id FROM {$wpdb->prefix}mvs_media WHERE privacy = 'public' AND moderation_status = 'approved' ORDER BY comments_count DESC, id LIMIT 1" ),
		'most_reacted_public_media'   => (int) $wpdb->get_var( "SELECT id FROM {$wpdb->prefix}mvs_media WHERE privacy = 'public' AND moderation_status = 'approved' ORDER BY reactions_count DESC, id LIMIT 1" ),
		'public_album'                => (int) $wpdb->get_var( "SELECT id FROM {$wpdb->prefix}mvs_albums WHERE privacy = 'public' ORDER BY id LIMIT 1" ),
		// The author of the middle item: an author as a reader of the list meets them (weighted by items).
		// The bench member's busiest conversation (seeded above).
		'member_conversation'         => (int) $wpdb->get_var( $wpdb->prepare( "SELECT m.conversation_id FROM {$wpdb->prefix}mvs_conversation_members m WHERE m.user_id = %d ORDER BY m.conversation_id LIMIT 1", (int) ( getenv( 'MVS_SEED_FEED_VIEWER' ) ?: 0 ) ) ),
		'most_followed_user'          => (int) $wpdb->get_var( "SELECT user_id FROM {$wpdb->prefix}mvs_user_stats ORDER BY follower_count DESC, user_id LIMIT 1" ),
		'typical_author'              => (int) $wpdb->get_var( "SELECT author_id FROM {$wpdb->prefix}mvs_media ORDER BY id LIMIT 1 OFFSET " . (int) floor( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media" ) / 2 ) ),
	)
), "\n";
