/**
 * Who may see a media item, as PHP decides it for one row
 * (plugin-core/includes/media/class-mvs-media-visibility.php), run in php-cli
 * over every combination of moderation state, privacy and kind of viewer.
 *
 * The lean /serve entry (MVS_Serve_Lean) runs WordPress without plugins,
 * so without the capabilities API: it lets the handler decide a user's URL
 * only where can_view_without_plugins() says yes, and relies on can_view()
 * then answering before it asks for a capability. Both promises are checked
 * here on every case, with user_can() counting its calls; and can_view()
 * itself against the rules as docs/file-delivery.md and the class state them.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
// @ts-expect-error a plain JavaScript module of the e2e runner (node runs it without a build step)
import { ensureDebianPackages } from '../../e2e/site/system-packages.mjs';

const VISIBILITY = join(import.meta.dirname, '..', '..', 'plugin-core', 'includes', 'media', 'class-mvs-media-visibility.php');

const AUTHOR = 1;
const GROUP = 7;
/** Viewers by ID: what each is to the author of every row below. */
const VIEWERS = { anonymous: 0, owner: AUTHOR, member: 2, moderator: 3, blockedByAuthor: 4, blockedAuthor: 5, groupMember: 6 } as const;
const STATUSES = ['approved', 'pending', 'flagged', 'rejected'] as const;
const PRIVACIES = ['public', 'members', 'group', 'private'] as const;

interface Decision { status: string; privacy: string; viewer: keyof typeof VIEWERS; lean: boolean; leanCaps: number; full: boolean; fullCaps: number }

/** Every (row, viewer) pair: can_view_without_plugins(), can_view(), and the user_can() calls each made. */
function decide(): Decision[] {
	const code = `
		define('ABSPATH', '/nonexistent/');
		$GLOBALS['caps'] = 0;
		function user_can($user, $cap) { $GLOBALS['caps']++; return ${VIEWERS.moderator} === $user; }
		// Blocks are kept on both users (MVS_Blocks_Service): the author and the two members a block stands between.
		function get_user_meta($user, $key, $single) {
			$blocks = array(${AUTHOR} => array(${VIEWERS.blockedByAuthor}, ${VIEWERS.blockedAuthor}), ${VIEWERS.blockedByAuthor} => array(${AUTHOR}), ${VIEWERS.blockedAuthor} => array(${AUTHOR}));
			return 'mvs_blocked_ids' === $key && isset($blocks[$user]) ? $blocks[$user] : '';
		}
		function apply_filters($hook, $value, ...$args) { return 'mvs_user_group_ids' === $hook && ${VIEWERS.groupMember} === $args[0] ? array(${GROUP}) : $value; }
		function absint($value) { return abs((int) $value); }
		require ${JSON.stringify(VISIBILITY)};
		$viewers = json_decode(${JSON.stringify(JSON.stringify(VIEWERS))}, true);
		$out = array();
		foreach (${JSON.stringify(STATUSES).replace(/^\[/, 'array(').replace(/\]$/, ')')} as $status) {
			foreach (${JSON.stringify(PRIVACIES).replace(/^\[/, 'array(').replace(/\]$/, ')')} as $privacy) {
				$row = (object) array('id' => 10, 'author_id' => '${AUTHOR}', 'moderation_status' => $status, 'privacy' => $privacy, 'group_id' => 'group' === $privacy ? '${GROUP}' : '0');
				foreach ($viewers as $name => $id) {
					$GLOBALS['caps'] = 0; $lean = MVS_Media_Visibility::can_view_without_plugins($row, $id); $lean_caps = $GLOBALS['caps'];
					$GLOBALS['caps'] = 0; $full = MVS_Media_Visibility::can_view($row, $id); $full_caps = $GLOBALS['caps'];
					$out[] = array('status' => $status, 'privacy' => $privacy, 'viewer' => $name, 'lean' => $lean, 'leanCaps' => $lean_caps, 'full' => $full, 'fullCaps' => $full_caps);
				}
			}
		}
		echo json_encode($out);`;
	return JSON.parse(execFileSync('php', ['-r', code]).toString()) as Decision[];
}

/** The rules as the class comment states them. */
function expected(status: string, privacy: string, viewer: keyof typeof VIEWERS): boolean {
	if (viewer === 'owner' || viewer === 'moderator') return true;
	if (status !== 'approved' || viewer === 'blockedByAuthor' || viewer === 'blockedAuthor') return false;
	if (privacy === 'public') return true;
	if (privacy === 'members') return viewer !== 'anonymous';
	if (privacy === 'group') return viewer === 'groupMember';
	return false;
}

describe('media visibility of one row: can_view() and the lean entry\'s part of it', () => {
	let decisions: Decision[] = [];
	before(() => {
		ensureDebianPackages(['php-cli'], { label: 'unit' });
		decisions = decide();
	});

	test('can_view() follows the rules for every moderation state, privacy and viewer', () => {
		assert.equal(decisions.length, STATUSES.length * PRIVACIES.length * Object.keys(VIEWERS).length);
		for (const d of decisions) assert.equal(d.full, expected(d.status, d.privacy, d.viewer), `${d.viewer}, ${d.status} ${d.privacy}`);
	});

	test('can_view_without_plugins() says yes only where can_view() does, asks no capability, and then can_view() asks none either', () => {
		for (const d of decisions) {
			const label = `${d.viewer}, ${d.status} ${d.privacy}`;
			assert.equal(d.leanCaps, 0, `${label}: no capability asked`);
			if (d.lean) {
				assert.equal(d.full, true, `${label}: can_view() agrees`);
				assert.equal(d.fullCaps, 0, `${label}: can_view() answered before the capabilities`);
			}
		}
	});

	test('what it settles alone: the owner always, other viewers on approved public and members-only items; never moderators\' extra reach or groups', () => {
		const settled = (viewer: keyof typeof VIEWERS) => decisions.filter((d) => d.viewer === viewer && d.lean).map((d) => `${d.status} ${d.privacy}`);
		assert.equal(settled('owner').length, STATUSES.length * PRIVACIES.length);
		assert.deepEqual(settled('member'), ['approved public', 'approved members']);
		assert.deepEqual(settled('anonymous'), ['approved public']);
		assert.deepEqual(settled('moderator'), ['approved public', 'approved members']);
		assert.deepEqual(settled('groupMember'), ['approved public', 'approved members']);
		assert.deepEqual(settled('blockedByAuthor'), []);
		assert.deepEqual(settled('blockedAuthor'), []);
	});
});
