/**
 * Tables of the core plugin. There is no version number to bump: the schema
 * version is a hash of the declared shape, so any change here makes the
 * migration run dbDelta once on every install, which upgrades it in place.
 *
 * Index notes: list queries filter on privacy + moderation status and sort by
 * id (ids grow with created_at, so `ORDER BY id DESC` is the date order and
 * needs no filesort); trending/popular read the denormalised counters.
 */
import { col, erase, key, notExported, onMediaDelete, personal, table, unique, type TableSpec } from '../../dsl/index.js';

import { ACTIVITY_TYPE, COLLECTION_TYPE, MEDIA_TYPE, MODERATION_STATUS, PRIVACY, REPORT_REASON, UNGROUPED_PRIVACY } from './values.js';

const createdAt = col.datetime();

export const coreTables: readonly TableSpec[] = [
	table({
		name: 'mvs_media',
		summary: 'Media items.',
		since: 1,
		columns: {
			id: col.id(),
			author_id: col.userId(erase.content('Their media (and its files) are deleted with the account, or attributed to the member an administrator names.')),
			title: col.varchar(200),
			slug: col.varchar(200),
			description: col.text(),
			media_type: col.enum(MEDIA_TYPE),
			mime_type: col.varchar(100),
			file_path: col.varchar(255),
			file_size: col.bigint(),
			file_hash: col.char(64),
			width: col.uint(),
			height: col.uint(),
			privacy: col.enum(PRIVACY, 'public'),
			group_id: col.bigint(),
			album_id: col.bigint(),
			album_position: col.uint(),
			upload_group: col.varchar(40),
			is_story: col.bool(),
			moderation_status: col.enum(MODERATION_STATUS, 'approved'),
			views: col.bigint(),
			reactions_count: col.bigint(),
			comments_count: col.bigint(),
			// log2 of the decayed engagement plus the hours since a fixed epoch over the
			// half-life, offset by 2^32: only writers change it, and its order is the
			// order of decayed scores at any time (MVS_Trending_Score).
			trending_score: col.double(),
			created_at: createdAt,
			updated_at: col.datetime(),
			// A cache of the item's tags and category as JSON (NULL: none yet, read
			// from the term tables), and the revision every invalidation bumps so
			// that a refill never writes a copy read before a rename
			// (MVS_Media_Terms_Copy). Pages read tags with their rows.
			terms_copy: col.text(),
			terms_rev: col.uint(),
			// 1 while the item has access rules or grants (set in their write's
			// transaction): only these rows are decided by them, so lists keep their
			// keyed totals and the lean /serve entry hands them back
			// (docs/access-rules-and-grants.md).
			access_scoped: col.bool(),
		},
		primaryKey: ['id'],
		indexes: [
			key('visibility', 'moderation_status', 'privacy', 'id'),
			// The few flagged items: the grants' branch of a page (its privacy is a range,
			// "neither public nor members", so privacy stays out of the key and the
			// branch reads in id order) and the totals' correction.
			key('access_scoped', 'access_scoped', 'moderation_status', 'id'),
			// Covers counts that exclude blocked authors (author_id NOT IN …), which
			// would otherwise need a row lookup per item and end in a full scan.
			key('visibility_author', 'moderation_status', 'privacy', 'author_id'),
			key('author', 'author_id', 'id'),
			key('type_visibility', 'media_type', 'moderation_status', 'privacy', 'id'),
			key('album', 'album_id', 'album_position'),
			key('upload_group', 'upload_group'),
			key('slug', 'slug'),
			key('file_hash', 'file_hash'),
			// One index-ordered branch per privacy value for each orderby (InnoDB
			// appends the id): no filesort before LIMIT at any table size.
			key('popular', 'moderation_status', 'privacy', 'views'),
			key('trending', 'moderation_status', 'privacy', 'trending_score'),
			// The refill job finds the rows without a copy, in id order, and only those.
			{ name: 'terms_copy', columns: ['terms_copy(1)'] },
		],
	}),
	table({
		name: 'mvs_media_totals',
		summary: 'Item counts per visibility key, kept in step by MVS_Media_Totals on every write: exact list totals without counting the media table.',
		since: 1,
		columns: {
			// 0 counts every item; a tag's or category's term_taxonomy_id counts its items.
			term_taxonomy_id: col.bigint(),
			moderation_status: col.enum(MODERATION_STATUS),
			privacy: col.enum(PRIVACY),
			// The group of privacy=group items, 0 for every other privacy.
			group_id: col.bigint(),
			media_type: col.enum(MEDIA_TYPE),
			items: col.bigint(),
		},
		primaryKey: ['term_taxonomy_id', 'moderation_status', 'privacy', 'group_id', 'media_type'],
		// Per-tag counts for a viewer (GET /tags, the cloud) read only the keys the
		// viewer may see, across every term: a few rows per tag, not all of its keys.
		indexes: [key('visible', 'moderation_status', 'privacy', 'group_id', 'term_taxonomy_id')],
	}),
	table({
		name: 'mvs_media_daily',
		summary: 'Existing items and their bytes per upload day (UTC) and media type, kept in step by MVS_Media_Totals on every write: the overview\'s uploads per day and storage per type without reading the media table (docs/community-overview.md).',
		since: 1,
		columns: {
			// Midnight (UTC) of the items' upload day.
			day: col.datetime(),
			media_type: col.enum(MEDIA_TYPE),
			items: col.bigint(),
			bytes: col.bigint(),
		},
		primaryKey: ['day', 'media_type'],
	}),
	table({
		name: 'mvs_media_term_index',
		summary: 'One row per (tag or category, item) with the item\'s visibility keys, kept in step by MVS_Media_Totals on every write: a tag or category page reads per_page index entries per privacy branch, in id order.',
		since: 1,
		columns: {
			term_taxonomy_id: col.bigint(),
			moderation_status: col.enum(MODERATION_STATUS),
			privacy: col.enum(PRIVACY),
			media_id: col.mediaId(onMediaDelete.derived('MVS_Media_Totals removes the item\'s listing rows in the delete\'s own transaction, with its counts.')),
			// The group of privacy=group items (0 otherwise), the type and the author,
			// copied from mvs_media so that group, media_type and block filters run
			// on the index entry.
			group_id: col.bigint(),
			media_type: col.enum(MEDIA_TYPE),
			author_id: col.userId(notExported(erase.content('A copy of the item\'s author: attributed or deleted with the item.'))),
		},
		// Each visibility branch of a term's page is one range of this key, read in id order.
		primaryKey: ['term_taxonomy_id', 'moderation_status', 'privacy', 'media_id'],
		indexes: [
			key('type_visibility', 'term_taxonomy_id', 'media_type', 'moderation_status', 'privacy', 'media_id'),
			key('author', 'author_id'),
		],
	}),
	table({
		name: 'mvs_mediameta',
		summary: 'Per-item metadata (WordPress metadata API, meta type mvs_media).',
		since: 1,
		columns: {
			meta_id: col.id(),
			mvs_media_id: col.mediaId(onMediaDelete.cascade('The item\'s metadata (image sizes, analysis) has no other owner.')),
			meta_key: col.varchar(255, null),
			meta_value: col.longtext(),
		},
		primaryKey: ['meta_id'],
		indexes: [key('mvs_media_id', 'mvs_media_id'), { name: 'meta_key', columns: ['meta_key(191)'] }],
	}),
	table({
		name: 'mvs_media_views',
		summary: 'One row per recorded view.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('Views of an item that is gone count for nothing.')),
			user_id: col.userId(erase.rows('Their views go; the items\' view counters keep the count, which names nobody.')),
			ip_hash: personal(col.char(64), erase.withRow('A salted hash of the viewer\'s address, deleted with the view.')),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('media_created', 'media_id', 'created_at'), key('created_at', 'created_at')],
	}),
	table({
		name: 'mvs_view_marks',
		summary: 'One row per viewer, item, event (view, download, share) and 30-minute window that counted, plus the anonymous-viewer slots of each client address: counts each once atomically (INSERT IGNORE on the key); purged daily.',
		since: 3,
		columns: {
			media_id: col.mediaId(onMediaDelete.cascade('Dedup marks of an item that is gone count for nothing.')),
			// Hash of the event and "u<user ID>", of the event, salted IP and User-Agent of an anonymous viewer, or of an address's slot (MVS_Event_Marks).
			viewer: personal(col.char(64), erase.keep('A salted hash that names nobody without the salt, purged daily.')),
			window_start: col.bigint(),
		},
		primaryKey: ['media_id', 'viewer', 'window_start'],
		indexes: [key('window_start', 'window_start')],
	}),
	table({
		name: 'mvs_media_stats',
		summary: 'Download and share counters per item (atomic increments).',
		since: 1,
		columns: {
			media_id: col.mediaId(onMediaDelete.cascade('The item\'s download and share counters.')),
			downloads: col.bigint(),
			shares: col.bigint(),
		},
		primaryKey: ['media_id'],
	}),
	table({
		name: 'mvs_albums',
		summary: 'Albums; items point at their album through mvs_media.album_id.',
		since: 1,
		columns: {
			id: col.id(),
			author_id: col.userId(erase.content('Their albums are deleted with the account, or attributed to the member an administrator names.')),
			title: col.varchar(200),
			description: col.text(),
			privacy: col.enum(PRIVACY, 'public'),
			cover_media_id: col.mediaId(onMediaDelete.detach('The album stays, without a cover until its owner picks another.')),
			media_count: col.uint(),
			created_at: createdAt,
			updated_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [key('author', 'author_id', 'id'), key('privacy', 'privacy', 'id'), key('cover', 'cover_media_id')],
	}),
	table({
		name: 'mvs_collections',
		summary: 'Manual or smart collections.',
		since: 1,
		columns: {
			id: col.id(),
			author_id: col.userId(erase.rows('Their collections are personal lists: deleted with the account.')),
			title: col.varchar(200),
			type: col.enum(COLLECTION_TYPE, 'manual'),
			rules: col.longtext(),
			privacy: col.enum(UNGROUPED_PRIVACY, 'public'),
			created_at: createdAt,
			updated_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [key('author', 'author_id', 'id')],
	}),
	table({
		name: 'mvs_collection_items',
		summary: 'Items of manual collections.',
		since: 1,
		columns: {
			collection_id: col.bigint(),
			media_id: col.mediaId(onMediaDelete.cascade('The item leaves every collection.')),
			position: col.uint(),
			created_at: createdAt,
		},
		primaryKey: ['collection_id', 'media_id'],
		indexes: [key('media', 'media_id')],
	}),
	table({
		name: 'mvs_reactions',
		summary: 'One reaction per member per item.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('Reactions to the item go with it.')),
			user_id: col.userId(erase.rows('Their reactions go; the items\' reaction counts drop by them.')),
			reaction_type: col.varchar(32),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [unique('media_user', 'media_id', 'user_id'), key('user', 'user_id', 'media_id')],
	}),
	table({
		name: 'mvs_comments',
		summary: 'Threaded comments on media.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('The item\'s comment threads go with it.')),
			user_id: col.userId(erase.rows('Their comments go; the items\' comment counts drop by them.')),
			parent_id: col.bigint(),
			from_activity: col.bigint(),
			content: personal(col.text(), erase.withRow('What they wrote, deleted with the comment.')),
			status: col.varchar(20, 'approved'),
			created_at: createdAt,
			updated_at: col.datetime(),
		},
		primaryKey: ['id'],
		// status: the moderation desk's Comments tab reads the few held ones, not every row.
		indexes: [key('media', 'media_id', 'id'), key('user', 'user_id', 'id'), key('status', 'status', 'id')],
	}),
	table({
		name: 'mvs_favorites',
		summary: 'Favorites, optionally filed in a collection.',
		since: 1,
		columns: {
			user_id: col.userId(erase.rows('Their favorites go.')),
			media_id: col.mediaId(onMediaDelete.cascade('The item leaves every member\'s favorites.')),
			collection_id: col.bigint(),
			created_at: createdAt,
		},
		primaryKey: ['user_id', 'media_id'],
		indexes: [key('media', 'media_id'), key('user_created', 'user_id', 'created_at')],
	}),
	table({
		name: 'mvs_access_rules',
		summary: 'Per-media access rules.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('Rules of an item that is gone protect nothing.')),
			rule_type: col.varchar(40),
			rule_value: col.varchar(200),
			price: col.decimal(12, 2),
			currency: col.varchar(3),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('media', 'media_id')],
	}),
	table({
		name: 'mvs_access_grants',
		summary: 'Direct access grants.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('Grants to an item that is gone grant nothing.')),
			user_id: col.userId(erase.rows('Access granted to them goes.')),
			source: col.varchar(40, 'manual'),
			expires_at: col.nullableDatetime(),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [unique('media_user', 'media_id', 'user_id'), key('user', 'user_id', 'expires_at')],
	}),
	table({
		name: 'mvs_follows',
		summary: 'Who follows whom.',
		since: 1,
		columns: {
			follower_id: col.userId(erase.rows('Whom they follow goes.')),
			followed_id: col.userId(erase.rows('Who follows them goes.')),
			created_at: createdAt,
		},
		primaryKey: ['follower_id', 'followed_id'],
		// Each list reads one range, newest first: followers of a member, and whom a member follows.
		indexes: [key('followed', 'followed_id', 'created_at'), key('follower', 'follower_id', 'created_at')],
	}),
	table({
		name: 'mvs_user_stats',
		summary: "Each member's follower and following counts, changed in the same transaction as mvs_follows (docs/people.md): read in O(1).",
		since: 1,
		columns: {
			user_id: col.userId(erase.rows('Their counts go; the counts of whom they followed and who followed them are decremented first (MVS_Follow_Graph::forget_user).')),
			follower_count: col.bigint(),
			following_count: col.bigint(),
		},
		primaryKey: ['user_id'],
		// Suggestions fall back to the most followed members.
		indexes: [key('followers', 'follower_count')],
	}),
	table({
		name: 'mvs_user_search_tokens',
		summary: "One row per word of a member's display name and login (GET /users/search matches word prefixes through the primary key; docs/people.md).",
		since: 1,
		columns: {
			token: personal(col.varchar(64), erase.withRow('A word of their name, deleted with the row.')),
			user_id: col.userId(erase.rows('Their name words go.')),
		},
		primaryKey: ['token', 'user_id'],
		indexes: [key('user', 'user_id')],
	}),
	table({
		name: 'mvs_blocks',
		summary: 'Blocked members (symmetric in effect).',
		since: 1,
		columns: {
			blocker_id: col.userId(erase.rows('Their blocks go.')),
			blocked_id: col.userId(notExported(erase.rows('Blocks of them go.'))),
			created_at: createdAt,
		},
		primaryKey: ['blocker_id', 'blocked_id'],
		indexes: [key('blocked', 'blocked_id')],
	}),
	table({
		name: 'mvs_reports',
		summary: 'Reports on media and members.',
		since: 1,
		columns: {
			id: col.id(),
			reporter_id: col.userId(erase.rows('Reports they filed go; a moderator\'s decision on the item stays in the moderation log.')),
			object_type: col.varchar(20),
			object_id: col.bigint(),
			reason: col.enum(REPORT_REASON, '', 40),
			details: personal(col.text(), erase.withRow('What they wrote in the report, deleted with it.')),
			status: col.varchar(20, 'open'),
			// 0 while the report is open, its own id once resolved: the unique key
			// below then allows one OPEN report per reporter and target, race-free.
			resolved_id: col.bigint(),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [
			key('object', 'object_type', 'object_id', 'status'),
			// GET /moderation/counts counts the open reports: as many index rows as the backlog.
			key('status', 'status'),
			// Kept although one_open covers it: dbDelta never drops an index, so
			// installs upgraded from version 1 still have it; fresh ones match them.
			key('reporter', 'reporter_id', 'object_type', 'object_id'),
			unique('one_open', 'reporter_id', 'object_type', 'object_id', 'resolved_id'),
			// The overview's reports per day: one range of the last 30 days (docs/community-overview.md).
			key('created', 'created_at'),
		],
	}),
	table({
		name: 'mvs_moderation_log',
		summary: 'Moderation decisions and analyses.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.cascade('The log is read per item only (queue, rejection reason): nothing reads it once the item is gone.')),
			actor_id: col.userId(erase.anonymize('The decision stays in the item\'s history, by a moderator no longer named.')),
			action: col.varchar(20),
			reason: col.text(),
			result: col.longtext(),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('media', 'media_id', 'id')],
	}),
	table({
		name: 'mvs_media_hashes',
		summary: 'Perceptual hash (64-bit dHash) of each image and the earlier rejection it resembles (docs/moderation.md, "Image hashes").',
		since: 1,
		columns: {
			media_id: col.mediaId(onMediaDelete.cascade('The hash describes the item\'s file and nothing else.')),
			phash: col.char(16),
			// The hash in four 16-bit bands, each indexed behind the rejected flag: one query finds every rejected item within the match distance.
			band0: col.uint(),
			band1: col.uint(),
			band2: col.uint(),
			band3: col.uint(),
			rejected: col.bool(),
			// 0: no match. Kept when the earlier item goes: the desk then says so.
			match_media_id: col.mediaId(onMediaDelete.keep('A link to a deleted item reads as "since deleted"; nothing else refers to it.')),
			match_log_id: col.bigint(),
			match_distance: col.uint(),
			created_at: createdAt,
		},
		primaryKey: ['media_id'],
		indexes: [key('band0', 'rejected', 'band0'), key('band1', 'rejected', 'band1'), key('band2', 'rejected', 'band2'), key('band3', 'rejected', 'band3')],
	}),
	table({
		name: 'mvs_ai_usage',
		summary: 'AI analysis usage, for the monthly budget.',
		since: 1,
		columns: {
			id: col.id(),
			media_id: col.mediaId(onMediaDelete.keep('The month\'s AI budget counts analyses already paid for: deleting the item must not refund them.')),
			provider: col.varchar(40),
			units: col.uint(),
			cost_micros: col.bigint(),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('created_at', 'created_at')],
	}),
	table({
		name: 'mvs_notifications',
		summary: 'In-app notifications.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their notifications go.')),
			actor_id: col.userId(notExported(erase.rows('Notifications about what they did go from others\' lists.'))),
			type: col.varchar(40),
			object_type: col.varchar(20),
			object_id: col.bigint(),
			data: personal(col.longtext(), erase.withRow('Snippets of the event (a comment excerpt, a reason), deleted with the notification.')),
			is_read: col.bool(),
			// type:object_type:object_id while a foldable notification is unread,
			// NULL once read (or for kinds that never fold): the unique key below
			// keeps at most one unread notification per recipient and fold key,
			// whatever the timing of concurrent events (MVS_Notifier).
			fold_key: col.varchar(100, null),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		// user: the "all" list, newest first; user_read: the unread list and
		// count; created: the retention purge; one_unread: folding;
		// object_unread: who holds unread notifications about an item whose
		// visibility changed (their cached counts are forgotten: MVS_Unread_Count).
		indexes: [
			key('user', 'user_id', 'id'),
			key('user_read', 'user_id', 'is_read', 'id'),
			key('created', 'created_at'),
			unique('one_unread', 'user_id', 'fold_key'),
			key('object_unread', 'object_type', 'object_id', 'is_read', 'user_id'),
		],
	}),
	table({
		name: 'mvs_device_tokens',
		summary: 'Push device tokens (upserted by token hash).',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their devices stop receiving pushes.')),
			platform: col.varchar(10),
			token: personal(col.text(), erase.withRow('The push token, deleted with the device row.')),
			token_hash: personal(col.char(64), erase.withRow('Hash of the push token, deleted with the device row.')),
			created_at: createdAt,
			updated_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [unique('token_hash', 'token_hash'), key('user', 'user_id')],
	}),
	table({
		name: 'mvs_activity',
		summary: 'Community events (uploads, album creations, comments, reactions); what they show is decided at read time (docs/activity-and-feed.md).',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their activity leaves every feed.')),
			type: col.enum(ACTIVITY_TYPE, 'upload', 20),
			media_id: col.mediaId(onMediaDelete.cascade('An event about an item that is gone shows nothing.')),
			album_id: col.bigint(),
			ref_id: col.bigint(),
			fanout_cursor: col.varchar(40, ''),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [
			key('user', 'user_id', 'id'),
			key('media', 'media_id'),
			key('album', 'album_id'),
			key('fanout', 'fanout_cursor'),
			// The overview's active members: the last 30 days' range, covering (docs/community-overview.md).
			key('created_user', 'created_at', 'user_id'),
		],
	}),
	table({
		name: 'mvs_activity_inbox',
		summary: "Each member's following feed, written when a followed member's event is recorded (fan-out on write, docs/activity-and-feed.md).",
		since: 1,
		columns: {
			user_id: col.userId(erase.rows('Their following feed goes.')),
			activity_id: col.bigint(),
			actor_id: col.userId(notExported(erase.rows('Their events leave every following feed.'))),
		},
		primaryKey: ['user_id', 'activity_id'],
		indexes: [key('activity', 'activity_id'), key('actor', 'actor_id')],
	}),
	table({
		name: 'mvs_conversations',
		summary: 'Direct-message conversations.',
		since: 1,
		columns: {
			id: col.id(),
			created_by: col.userId(erase.anonymize('The conversation stays for its other members, started by nobody named.')),
			// "<lower user id>:<higher user id>" under a unique key: two members
			// have one conversation, even when both start it at once (docs/messaging.md).
			pair_key: personal(col.varchar(41, ''), erase.keep('Two numbers, no name: the other member keeps their one thread; no row links the number of a deleted account to anyone.')),
			last_message_id: col.bigint(),
			created_at: createdAt,
			updated_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [unique('pair', 'pair_key'), key('updated_at', 'updated_at')],
	}),
	table({
		name: 'mvs_conversation_members',
		summary: 'Participants and their per-conversation state.',
		since: 1,
		columns: {
			conversation_id: col.bigint(),
			user_id: col.userId(erase.rows('They leave every conversation.')),
			status: col.varchar(20, 'active'),
			is_muted: col.bool(),
			is_pinned: col.bool(),
			is_archived: col.bool(),
			last_read_message_id: col.bigint(),
			// Atomic counters (docs/messaging.md): unread is incremented in SQL by
			// each message of the other member and zeroed on read; last_message_id
			// orders the inbox; messages up to hidden_before_id were left behind.
			unread_count: col.uint(),
			last_message_id: col.bigint(),
			hidden_before_id: col.bigint(),
			has_left: col.bool(),
			joined_at: col.datetime(),
			// When the other member last sent a typing event here (Unix ms): the
			// long-poll's signal, meaningful for a few seconds (docs/messaging.md).
			typing_at: col.bigint(),
		},
		primaryKey: ['conversation_id', 'user_id'],
		indexes: [key('inbox', 'user_id', 'status', 'has_left', 'is_pinned', 'last_message_id')],
	}),
	table({
		name: 'mvs_messages',
		summary: 'Messages.',
		since: 1,
		columns: {
			id: col.id(),
			conversation_id: col.bigint(),
			sender_id: col.userId(erase.rows('Messages they sent go, from every conversation.')),
			content: personal(col.text(), erase.withRow('What they wrote, deleted with the message.')),
			message_type: col.varchar(20, 'text'),
			media_id: col.mediaId(onMediaDelete.detach('The message stays in its conversation; the shared item is gone from it.')),
			attachment_id: col.bigint(),
			parent_id: col.bigint(),
			metadata: personal(col.longtext(), erase.withRow('Attachment details of the message, deleted with it.')),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		// conversation_files: a conversation's media messages without reading its text ones (docs/messaging.md).
		indexes: [key('conversation', 'conversation_id', 'id'), key('conversation_type', 'conversation_id', 'message_type', 'id'), key('sender', 'sender_id', 'id'), key('media', 'media_id')],
	}),
	table({
		name: 'mvs_message_attachments',
		summary: 'Files uploaded for messages (POST /messages/upload), served to the conversation\'s participants only.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their uploads go with the account.')),
			// Set once, by the message that carries it: then its conversation's participants may fetch it.
			conversation_id: col.bigint(),
			message_id: col.bigint(),
			media_type: col.varchar(20),
			mime_type: col.varchar(100),
			file_path: col.varchar(255),
			file_size: col.bigint(),
			width: col.uint(),
			height: col.uint(),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('user', 'user_id', 'id'), key('message', 'message_id')],
	}),
	table({
		name: 'mvs_message_hidden',
		summary: 'Messages soft-deleted for one participant.',
		since: 1,
		columns: {
			message_id: col.bigint(),
			user_id: col.userId(erase.rows('Their per-message hiding goes.')),
			created_at: createdAt,
		},
		primaryKey: ['message_id', 'user_id'],
		indexes: [key('user', 'user_id')],
	}),
	table({
		name: 'mvs_message_reactions',
		summary: 'One emoji reaction per participant per message.',
		since: 1,
		columns: {
			message_id: col.bigint(),
			user_id: col.userId(erase.rows('Their message reactions go.')),
			emoji: col.varchar(32),
			created_at: createdAt,
		},
		primaryKey: ['message_id', 'user_id'],
	}),
	table({
		name: 'mvs_deletion_requests',
		summary: 'Member-initiated account deletions in their grace period.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('The request is fulfilled by the deletion itself.')),
			status: col.varchar(20, 'pending'),
			requested_at: col.datetime(),
			execute_after: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [unique('user', 'user_id'), key('due', 'status', 'execute_after')],
	}),
	table({
		name: 'mvs_usage_ledger',
		summary: 'Usage ledger: upload credits consumed and granted.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their credit history goes with the account it counted for.')),
			entry_type: col.varchar(20),
			amount: col.signedInt(),
			reference: col.varchar(200),
			note: personal(col.text(), erase.withRow('A note on a credit entry, deleted with it.')),
			created_at: createdAt,
		},
		primaryKey: ['id'],
		indexes: [key('user', 'user_id', 'id')],
	}),
	table({
		name: 'mvs_rate_limits',
		summary: 'Fixed-window rate-limit counters when no persistent object cache exists.',
		since: 1,
		columns: {
			bucket: personal(col.char(64), erase.keep('A hash of the caller that names nobody, expired after its minute.')),
			window_start: col.bigint(),
			hits: col.uint(),
		},
		primaryKey: ['bucket', 'window_start'],
		indexes: [key('window_start', 'window_start')],
	}),
];
