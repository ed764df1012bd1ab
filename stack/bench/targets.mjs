// What the bench loads: the HTTP targets, built from the ids of a seeded
// site. Pure (codegen/test/bench.test.ts checks that every implemented list
// route of the DSL has a target here, or a reason in its allow-list: a new
// list route adds its row).
//
// Each target: key (unique, for --only), name, operation (the DSL's
// operation name, null for anchors), group (floor | list | item | anchor |
// file | idle), viewer (anon | member | moderator | admin: logged-in viewers
// use an application password, like the member floor; admin-browser:
// wp-admin's login cookies), path, and for file rows bigBody and optional
// before/after hooks; `headers`: extra request headers (harness switches); `nonEmpty: true`: the
// sample request must answer a non-empty JSON list (a row measuring an empty answer fails); `revalidate: true` sends the
// ETag of a first answer as If-None-Match and expects 304 (what a
// conditional GET costs beside the 200 it replaces). `goal: 'flat'` marks the rows
// goal 2 of issue 13 judges (GET /media and GET /me/media). File rows are
// measured at the base size only: a file's cost does not grow with the table.

// Media list variants of goal 2, for each viewer: every orderby unfiltered,
// then each filter once (date order, the default). Not the full cross
// product: three orders × four filter states × two viewers would be 24 rows
// and double the run; a filter's cost shows in one order.
export const MEDIA_LIST_VARIANTS = [
  { suffix: '', label: 'date', query: '' },
  { suffix: '-popular', label: 'popular', query: '&orderby=popular' },
  { suffix: '-trending', label: 'trending', query: '&orderby=trending' },
  { suffix: '-type', label: 'media_type=image', query: '&media_type=image' },
  { suffix: '-tag', label: 'tag', query: '&tag={tag}' },
  { suffix: '-author', label: 'author', query: '&author={author}' },
];

/**
 * Requests of the rest of the site, for the "free when idle" rows: what
 * each may cost the plugins' boot in PHP core-ms a request (`budgetMs`).
 * The posts row of the REST API is the `posts` anchor's path, measured
 * again under its own key so the anchor stays as it was.
 */
export const IDLE_PAGES = [
  { key: 'idle-front', name: 'front page (idle)', viewer: 'anon', path: '/', budgetMs: 0.5 },
  { key: 'idle-admin', name: 'wp-admin Posts screen (idle)', viewer: 'admin-browser', path: '/wp-admin/edit.php', budgetMs: 0.5 },
  { key: 'idle-rest', name: 'wp/v2/posts (idle)', viewer: 'anon', path: '/wp-json/wp/v2/posts?per_page=20', budgetMs: 1 },
];

/**
 * The tag a typical item carries: the one at the middle of the tag uses
 * (tags ordered by count, the first whose running total reaches half of all
 * uses), not the single most used. `cloud` is GET /tags/cloud's answer.
 */
export function typicalTag(cloud) {
  const tags = [...cloud].filter((t) => t.count > 0).sort((a, b) => b.count - a.count || a.id - b.id);
  const total = tags.reduce((sum, t) => sum + t.count, 0);
  let running = 0;
  for (const tag of tags) {
    running += tag.count;
    if (running * 2 >= total) return tag;
  }
  return tags[0] ?? null;
}

/**
 * @param {object} ids { mediaItem, mostCommented, mostReacted, album, author, followed (the most followed member), conversation (the bench member's busiest), tag (slug),
 *   smartCollection, manualCollection, publicFile, privateFile, memberFile (paths with query) }
 * @param {object} hooks { serveOffloadOn, serveOffloadOff } (async functions)
 */
export function buildTargets(ids, hooks = {}) {
  const api = '/wp-json/mvs/v1';
  const targets = [
    { key: 'floor', name: 'floor (bench-floor)', operation: null, group: 'floor', viewer: 'anon', path: `${api}/bench-floor` },
    { key: 'floor-member', name: 'floor (bench-floor) member', operation: null, group: 'floor', viewer: 'member', path: `${api}/bench-floor` },
  ];
  for (const viewer of ['anon', 'member']) {
    for (const variant of MEDIA_LIST_VARIANTS) {
      const query = variant.query.replace('{tag}', encodeURIComponent(ids.tag ?? '')).replace('{author}', String(ids.author ?? ''));
      targets.push({ key: `media-${viewer}${variant.suffix}`, name: `media ${variant.label} ${viewer}`, operation: 'list_media', group: 'list', viewer, goal: 'flat', path: `${api}/media?per_page=20${query}` });
    }
  }
  // The row above (media-anon) revalidated: If-None-Match with its ETag, answered 304.
  targets.push({ key: 'media-anon-304', name: 'media date anon, If-None-Match (304)', operation: 'list_media', group: 'list', viewer: 'anon', revalidate: true, path: `${api}/media?per_page=20` });
  targets.push(
    { key: 'me-media', name: 'me/media member', operation: 'list_my_media', group: 'list', viewer: 'member', goal: 'flat', path: `${api}/me/media?per_page=20` },
    { key: 'media-item', name: 'media/{id} (public)', operation: 'get_media', group: 'item', viewer: 'anon', path: `${api}/media/${ids.mediaItem}` },
    { key: 'comments', name: 'media/{id}/comments (most commented)', operation: 'list_media_comments', group: 'list', viewer: 'anon', path: `${api}/media/${ids.mostCommented}/comments?per_page=20` },
    { key: 'reactions', name: 'media/{id}/reactions (most reacted)', operation: 'list_media_reactions', group: 'list', viewer: 'anon', path: `${api}/media/${ids.mostReacted}/reactions` },
    { key: 'notifications', name: 'me/notifications member', operation: 'list_my_notifications', group: 'list', viewer: 'member', path: `${api}/me/notifications?per_page=20` },
    { key: 'favorites', name: 'me/favorites member', operation: 'list_my_favorites', group: 'list', viewer: 'member', path: `${api}/me/favorites?per_page=20` },
    { key: 'collections', name: 'collections member', operation: 'list_collections', group: 'list', viewer: 'member', path: `${api}/collections?per_page=20` },
    { key: 'collection-smart', name: 'collections/{id} smart member', operation: 'get_collection', group: 'list', viewer: 'member', path: `${api}/collections/${ids.smartCollection}?per_page=20` },
    { key: 'collection-manual', name: 'collections/{id} manual member', operation: 'get_collection', group: 'list', viewer: 'member', path: `${api}/collections/${ids.manualCollection}?per_page=20` },
    { key: 'albums', name: 'albums', operation: 'list_albums', group: 'list', viewer: 'anon', path: `${api}/albums?per_page=20` },
    { key: 'album', name: 'albums/{id} (20 items)', operation: 'get_album', group: 'list', viewer: 'anon', path: `${api}/albums/${ids.album}` },
    { key: 'tags', name: 'tags', operation: 'list_tags', group: 'list', viewer: 'anon', path: `${api}/tags?per_page=20` },
    { key: 'tags-count', name: 'tags by count', operation: 'list_tags', group: 'list', viewer: 'anon', path: `${api}/tags?per_page=20&orderby=count` },
    { key: 'tags-member', name: 'tags member', operation: 'list_tags', group: 'list', viewer: 'member', path: `${api}/tags?per_page=20` },
    { key: 'tags-count-member', name: 'tags by count member', operation: 'list_tags', group: 'list', viewer: 'member', path: `${api}/tags?per_page=20&orderby=count` },
    { key: 'tag-cloud', name: 'tags/cloud', operation: 'get_tag_cloud', group: 'list', viewer: 'anon', path: `${api}/tags/cloud` },
    { key: 'tag-cloud-member', name: 'tags/cloud member', operation: 'get_tag_cloud', group: 'list', viewer: 'member', path: `${api}/tags/cloud` },
    { key: 'moderation', name: 'moderation queue moderator', operation: 'list_moderation_queue', group: 'list', viewer: 'moderator', path: `${api}/moderation?per_page=20` },
    { key: 'moderation-counts', name: 'moderation/counts moderator', operation: 'get_moderation_counts', group: 'list', viewer: 'moderator', path: `${api}/moderation/counts` },
    { key: 'moderation-desk', name: 'moderation desk moderator', operation: 'list_moderation_desk', group: 'list', viewer: 'moderator', path: `${api}/moderation/desk?per_page=20` },
    // The community overview as the server caches it, and its computation (the cache off for the request: X-MVS-Test-Overview-Ttl).
    { key: 'overview', name: 'overview moderator (cached)', operation: 'get_community_overview', group: 'item', viewer: 'moderator', path: `${api}/overview` },
    { key: 'overview-uncached', name: 'overview moderator (computed)', operation: 'get_community_overview', group: 'item', viewer: 'moderator', headers: { 'x-mvs-test-overview-ttl': '0' }, path: `${api}/overview` },
    { key: 'moderation-comments', name: 'moderation/comments moderator', operation: 'list_held_comments', group: 'list', viewer: 'moderator', path: `${api}/moderation/comments?per_page=20` },
    { key: 'moderation-members', name: 'moderation/members moderator', operation: 'list_reported_members', group: 'list', viewer: 'moderator', path: `${api}/moderation/members?per_page=20` },
    // The most followed seeded member's first page, and a word prefix every seeded name starts a word with.
    { key: 'followers', name: 'users/{id}/followers (most followed)', operation: 'list_user_followers', group: 'list', viewer: 'anon', path: `${api}/users/${ids.followed}/followers?per_page=20` },
    { key: 'following', name: 'users/{id}/following (most followed)', operation: 'list_user_following', group: 'list', viewer: 'anon', path: `${api}/users/${ids.followed}/following?per_page=20` },
    { key: 'me-following', name: 'me/following member', operation: 'list_my_following', group: 'list', viewer: 'member', path: `${api}/me/following?per_page=20` },
    { key: 'me-followers', name: 'me/followers member', operation: 'list_my_followers', group: 'list', viewer: 'member', path: `${api}/me/followers?per_page=20` },
    // Unpaginated lists: the bench member's suggestions (it follows 500: the friends-of-friends tier ranks), as cached per viewer.
    { key: 'suggested', name: 'users/suggested member (follows 500)', operation: 'list_suggested_users', group: 'list', viewer: 'member', nonEmpty: true, path: `${api}/users/suggested?limit=20` },
    // The interest chips as cached, and their computation (the cache missed for the request: X-MVS-Test-Interests-Uncached).
    { key: 'interests', name: 'app/interests (cached)', operation: 'list_app_interests', group: 'list', viewer: 'anon', nonEmpty: true, path: `${api}/app/interests` },
    { key: 'interests-uncached', name: 'app/interests (computed)', operation: 'list_app_interests', group: 'list', viewer: 'anon', nonEmpty: true, headers: { 'x-mvs-test-interests-uncached': '1' }, path: `${api}/app/interests` },
    { key: 'user-search', name: 'users/search q=seed1', operation: 'search_users', group: 'list', viewer: 'anon', path: `${api}/users/search?q=seed1&per_page=10` },
    { key: 'desk-member-search', name: 'moderation/members/search moderator', operation: 'search_desk_members', group: 'list', viewer: 'moderator', path: `${api}/moderation/members/search?search=seed1&per_page=10` },
    // Activity: the site's feed, and the bench member's following feed (it follows 500 members: stack/seed/seed.php).
    { key: 'feed', name: 'feed public', operation: 'get_feed', group: 'list', viewer: 'anon', path: `${api}/feed?per_page=20` },
    { key: 'feed-member', name: 'feed public member', operation: 'get_feed', group: 'list', viewer: 'member', path: `${api}/feed?per_page=20` },
    { key: 'feed-following', name: 'feed following member (follows 500)', operation: 'get_feed', group: 'list', viewer: 'member', path: `${api}/feed?scope=following&per_page=20` },
    { key: 'user-activity', name: 'users/{id}/activity (typical author)', operation: 'list_user_activity', group: 'list', viewer: 'anon', path: `${api}/users/${ids.author}/activity?per_page=20` },
    { key: 'user-media', name: 'users/{id}/media (typical author)', operation: 'list_user_media', group: 'list', viewer: 'anon', path: `${api}/users/${ids.author}/media?per_page=20` },
    // Messaging: the bench member's inbox (200 conversations) and its busiest thread (half of all messages).
    { key: 'conversations', name: 'me/conversations member (200)', operation: 'list_my_conversations', group: 'list', viewer: 'member', path: `${api}/me/conversations?per_page=20` },
    { key: 'messages', name: 'conversations/{id}/messages member (busiest)', operation: 'list_conversation_messages', group: 'list', viewer: 'member', path: `${api}/conversations/${ids.conversation}/messages?per_page=30` },
    // LIKE over the busiest thread (half of all messages): the worst case of a conversation's search.
    { key: 'message-search', name: 'conversations/{id}/messages/search member (busiest)', operation: 'search_conversation_messages', group: 'list', viewer: 'member', path: `${api}/conversations/${ids.conversation}/messages/search?q=message%2099&per_page=50` },
    // The busiest thread's media messages (the (conversation_id, message_type, id) key skips its text).
    { key: 'conversation-media', name: 'conversations/{id}/media member (busiest)', operation: 'list_conversation_media', group: 'list', viewer: 'member', path: `${api}/conversations/${ids.conversation}/media?per_page=60` },
    { key: 'blocked', name: 'me/blocked member', operation: 'list_blocked_users', group: 'list', viewer: 'member', path: `${api}/me/blocked?per_page=20` },
    { key: 'grants', name: 'me/grants member (30 grants)', operation: 'list_my_grants', group: 'list', viewer: 'member', path: `${api}/me/grants?per_page=20` },
    // Pro's credit log: the bench member holds a row for every hundredth item (stack/seed/seed.php).
    { key: 'credit-history', name: 'me/credits/history member (Pro, heavy buyer)', operation: 'list_my_credit_history', group: 'list', viewer: 'member', path: '/wp-json/mvs-pro/v1/me/credits/history?per_page=20' },
    // The Quotas screen's reads (Pro, manage_mvs_settings): a page of members with their quota, and a member's log.
    { key: 'member-quotas', name: 'quotas/members admin (Pro, by storage)', operation: 'list_member_quotas', group: 'list', viewer: 'admin', path: '/wp-json/mvs-pro/v1/quotas/members?per_page=20&orderby=storage_used&order=desc' },
    { key: 'user-credit-history', name: 'users/{id}/credits/history admin (Pro, typical author)', operation: 'list_user_credit_history', group: 'list', viewer: 'admin', path: `/wp-json/mvs-pro/v1/users/${ids.author}/credits/history?per_page=20` },
    // The core's usage ledger, answered from Pro's credit log through the filter (the same heavy buyer).
    { key: 'transactions', name: 'me/transactions member (Pro ledger, heavy buyer)', operation: 'list_my_transactions', group: 'list', viewer: 'member', path: `${api}/me/transactions?per_page=20` },
    { key: 'posts', name: 'wp/v2/posts (core anchor)', operation: null, group: 'anchor', viewer: 'anon', path: '/wp-json/wp/v2/posts?per_page=20' },
    // Free when idle: requests the plugins have nothing to do with, with them and without them
    // (the test harness's X-MVS-Test-Plugins: off; bench stacks mount the harness), in the same rounds.
    ...IDLE_PAGES.flatMap((page) => [
      { ...page, group: 'idle', operation: null, baseOnly: true },
      { ...page, key: `${page.key}-off`, name: `${page.name}, plugins off`, group: 'idle', operation: null, baseOnly: true, idleOf: page.key, headers: { 'x-mvs-test-plugins': 'off' } },
    ]),
    // Node's http client for 5 MB bodies: autocannon parses bodies in JavaScript (~45 MB/s).
    { key: 'static', name: 'nginx static 5 MB', operation: null, group: 'file', viewer: 'anon', bigBody: true, baseOnly: true, path: '/wp-content/uploads/mvs-bench/static-5mb.bin' },
    { key: 'serve-public', name: 'serve 5 MB public (PHP)', operation: 'serve_media_file', group: 'file', viewer: 'anon', bigBody: true, baseOnly: true, path: ids.publicFile },
    { key: 'serve-private', name: 'serve 5 MB private (PHP), owner', operation: 'serve_media_file', group: 'file', viewer: 'anon', bigBody: true, baseOnly: true, path: ids.privateFile },
    { key: 'serve-member', name: 'serve 5 MB members-only (PHP), another member', operation: 'serve_media_file', group: 'file', viewer: 'anon', bigBody: true, baseOnly: true, path: ids.memberFile },
    { key: 'serve-offload', name: 'serve 5 MB public (x-accel-redirect)', operation: 'serve_media_file', group: 'file', viewer: 'anon', bigBody: true, baseOnly: true, path: ids.publicFile, before: hooks.serveOffloadOn, after: hooks.serveOffloadOff },
  );
  return targets;
}

/** The floor row a target's cost and memory are compared with: the same kind of caller. */
export const floorOf = (target) => (target.viewer === 'anon' ? 'floor' : 'floor-member');

/**
 * Targets picked by --only (comma-separated keys): the named ones plus the
 * anchors their columns divide by (the floors always, nginx static for a
 * file row). Throws on an unknown key, listing the known ones.
 */
export function selectTargets(targets, only) {
  if (!only || !only.length) return targets;
  const known = new Set(targets.map((t) => t.key));
  const unknown = only.filter((key) => key !== 'jobs' && key !== 'poll' && !known.has(key));
  if (unknown.length) throw new Error(`--only: unknown key(s) ${unknown.join(', ')}; known: ${[...known].join(', ')}, jobs, poll`);
  const wanted = new Set(only);
  for (const target of targets) {
    if (wanted.has(target.key)) {
      wanted.add(floorOf(target));
      if (target.group === 'file') wanted.add('static');
      // An idle row comes with its pair: the same request with the plugins off, or on.
      if (target.group === 'idle') for (const other of targets) if (other.idleOf === target.key || other.key === target.idleOf) wanted.add(other.key);
    }
  }
  wanted.add('floor');
  return targets.filter((t) => wanted.has(t.key));
}
