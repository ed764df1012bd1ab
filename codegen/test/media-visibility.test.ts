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
 *
 * Then the same with rules and grants registered on mvs_visibility_rules
 * (MVS_Visibility_Rules): whatever is registered, the lean entry's decision
 * (MVS_Serve_Lean::decides() on the record snapshot() would write) never
 * says yes where the full policy says no, and the SQL the policy emits
 * carries every rule.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
// @ts-expect-error a plain JavaScript module of the e2e runner (node runs it without a build step)
import { ensureDebianPackages } from '../../e2e/site/system-packages.mjs';

const INCLUDES = join(import.meta.dirname, '..', '..', 'plugin-core', 'includes');
const VISIBILITY = join(INCLUDES, 'media', 'class-mvs-media-visibility.php');
/** The policy's files, the lean entry's, and the rules registered in these tests. */
const POLICY = ['media/interface-mvs-visibility-rule.php', 'media/interface-mvs-visibility-grant.php', 'media/class-mvs-visibility-rules.php', 'media/class-mvs-media-visibility.php', 'files/class-mvs-serve-lean.php'].map((f) => join(INCLUDES, f));

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
		require ${JSON.stringify(join(INCLUDES, 'media', 'class-mvs-visibility-rules.php'))};
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

/**
 * Rules a test registers: hide everything, hide from anonymous viewers,
 * grant everything, grant the member everything; each in a lean-safe and a
 * full-only form where the difference matters.
 */
const RULES = `
	final class Hide_All_Lean implements MVS_Visibility_Rule {
		public function allows($row, int $viewer_id): bool { return false; }
		public function predicate(int $viewer_id, string $alias): array { return array('0 = %d', array(1)); }
		public function lean_safe(): bool { return true; }
	}
	final class Hide_All_Full implements MVS_Visibility_Rule {
		public function allows($row, int $viewer_id): bool { return false; }
		public function predicate(int $viewer_id, string $alias): array { return array('0 = %d', array(1)); }
		public function lean_safe(): bool { return false; }
	}
	final class Hide_Anonymous_Lean implements MVS_Visibility_Rule {
		public function allows($row, int $viewer_id): bool { return $viewer_id > 0; }
		public function predicate(int $viewer_id, string $alias): array { return array('%d > 0', array($viewer_id)); }
		public function lean_safe(): bool { return true; }
	}
	final class Grant_All_Full implements MVS_Visibility_Grant {
		public function grants($row, int $viewer_id): bool { return true; }
		public function grant_predicate(int $viewer_id, string $alias): array { return array('1 = %d', array(1)); }
		public function lean_safe(): bool { return false; }
	}
	final class Grant_Member_Lean implements MVS_Visibility_Grant {
		public function grants($row, int $viewer_id): bool { return ${VIEWERS.member} === $viewer_id; }
		public function grant_predicate(int $viewer_id, string $alias): array { return array("{$alias}.author_id > 0 AND %d = ${VIEWERS.member}", array($viewer_id)); }
		public function lean_safe(): bool { return true; }
	}`;

type RuleName = 'Hide_All_Lean' | 'Hide_All_Full' | 'Hide_Anonymous_Lean' | 'Grant_All_Full' | 'Grant_Member_Lean';
const RULE_SETS: readonly (readonly RuleName[])[] = [
	['Hide_All_Lean'], ['Hide_All_Full'], ['Hide_Anonymous_Lean'], ['Grant_All_Full'], ['Grant_Member_Lean'],
	['Grant_Member_Lean', 'Hide_Anonymous_Lean'], ['Grant_All_Full', 'Hide_All_Full'], ['Grant_All_Full', 'Hide_Anonymous_Lean'],
];

interface RuledDecision { status: string; privacy: string; viewer: keyof typeof VIEWERS; full: boolean; lean: boolean; leanCaps: number }
interface RuledRun { record: string[] | null; decisions: RuledDecision[]; sql: { predicate: [string, unknown[]]; branches: [string, unknown[]][]; viewer: [string, unknown[]] } }

/** With the rules registered: can_view() for every case, then the lean entry's decides() on the record snapshot() would write. */
function decideWith(rules: readonly string[]): RuledRun {
	const code = `
		define('ABSPATH', '/nonexistent/');
		$GLOBALS['caps'] = 0;
		function user_can($user, $cap) { $GLOBALS['caps']++; return ${VIEWERS.moderator} === $user; }
		function get_user_meta($user, $key, $single) {
			$blocks = array(${AUTHOR} => array(${VIEWERS.blockedByAuthor}, ${VIEWERS.blockedAuthor}), ${VIEWERS.blockedByAuthor} => array(${AUTHOR}), ${VIEWERS.blockedAuthor} => array(${AUTHOR}));
			return 'mvs_blocked_ids' === $key && isset($blocks[$user]) ? $blocks[$user] : '';
		}
		function apply_filters($hook, $value, ...$args) {
			if ('mvs_visibility_rules' === $hook) { return array_map(function ($class) { return new $class(); }, ${JSON.stringify(rules).replace(/^\[/, 'array(').replace(/\]$/, ')')}); }
			return 'mvs_user_group_ids' === $hook && ${VIEWERS.groupMember} === $args[0] ? array(${GROUP}) : $value;
		}
		function absint($value) { return abs((int) $value); }
		${POLICY.map((f) => `require ${JSON.stringify(f)};`).join(' ')}
		${RULES}
		$viewers = json_decode(${JSON.stringify(JSON.stringify(VIEWERS))}, true);
		$cases = array();
		foreach (${JSON.stringify(STATUSES).replace(/^\[/, 'array(').replace(/\]$/, ')')} as $status) {
			foreach (${JSON.stringify(PRIVACIES).replace(/^\[/, 'array(').replace(/\]$/, ')')} as $privacy) {
				foreach ($viewers as $name => $id) {
					$cases[] = array((object) array('id' => 10, 'author_id' => '${AUTHOR}', 'moderation_status' => $status, 'privacy' => $privacy, 'group_id' => 'group' === $privacy ? '${GROUP}' : '0'), $name, $id);
				}
			}
		}
		$out = array();
		foreach ($cases as $case) {
			$out[] = array('status' => $case[0]->moderation_status, 'privacy' => $case[0]->privacy, 'viewer' => $case[1], 'full' => MVS_Media_Visibility::can_view($case[0], $case[2]));
		}
		$sql = array('predicate' => MVS_Media_Visibility::community_predicate(${VIEWERS.groupMember}, 'm'), 'branches' => MVS_Media_Visibility::community_branches(${VIEWERS.groupMember}), 'viewer' => MVS_Media_Visibility::viewer_predicate(${VIEWERS.member}, 'm'));
		// What snapshot() stores (an empty record while a rule cannot run there), then the entry's own decision on it.
		$record = MVS_Visibility_Rules::lean_record();
		$snapshot = null === $record ? array() : array('rules' => $record, 'viewers' => true);
		foreach ($cases as $i => $case) {
			$GLOBALS['caps'] = 0; $out[$i]['lean'] = MVS_Serve_Lean::decides($case[0], $case[2], $snapshot); $out[$i]['leanCaps'] = $GLOBALS['caps'];
		}
		echo json_encode(array('record' => $record, 'decisions' => $out, 'sql' => $sql));`;
	return JSON.parse(execFileSync('php', ['-r', code]).toString()) as RuledRun;
}

/** The policy with rules, as docs/file-delivery.md states it: owners and moderators as before; others need the core rules (privacy or a grant) and every rule. */
function expectedWith(rules: readonly string[], status: string, privacy: string, viewer: keyof typeof VIEWERS): boolean {
	if (viewer === 'owner' || viewer === 'moderator') return true;
	if (status !== 'approved' || viewer === 'blockedByAuthor' || viewer === 'blockedAuthor') return false;
	const granted = rules.includes('Grant_All_Full') || (rules.includes('Grant_Member_Lean') && viewer === 'member');
	if (!expected(status, privacy, viewer) && !granted) return false;
	if (rules.includes('Hide_All_Lean') || rules.includes('Hide_All_Full')) return false;
	return !(rules.includes('Hide_Anonymous_Lean') && viewer === 'anonymous');
}

describe('the visibility policy with registered rules and grants: the lean entry never serves what the full policy refuses', () => {
	const runs = new Map<string, RuledRun>();
	before(() => {
		ensureDebianPackages(['php-cli'], { label: 'unit' });
		for (const rules of RULE_SETS) runs.set(rules.join('+'), decideWith(rules));
	});

	test('can_view() applies every rule to everyone but owners and moderators; grants widen privacy only, never moderation or blocks', () => {
		for (const rules of RULE_SETS) {
			for (const d of runs.get(rules.join('+'))!.decisions) {
				assert.equal(d.full, expectedWith(rules, d.status, d.privacy, d.viewer), `${rules.join('+')}: ${d.viewer}, ${d.status} ${d.privacy}`);
			}
		}
	});

	test('for every rule set, the lean entry says yes only where can_view() does, and asks no capability', () => {
		for (const rules of RULE_SETS) {
			for (const d of runs.get(rules.join('+'))!.decisions) {
				const label = `${rules.join('+')}: ${d.viewer}, ${d.status} ${d.privacy}`;
				assert.equal(d.leanCaps, 0, `${label}: no capability asked`);
				if (d.lean) assert.equal(d.full, true, `${label}: the full policy agrees`);
			}
		}
	});

	test('a rule the lean entry cannot run empties its record, and it hands over every URL, the owner\'s too', () => {
		for (const rules of RULE_SETS.filter((r) => r.includes('Hide_All_Full'))) {
			const run = runs.get(rules.join('+'))!;
			assert.equal(run.record, null);
			assert.deepEqual(run.decisions.filter((d) => d.lean), [], rules.join('+'));
		}
	});

	test('lean-safe rules are recorded and run by the entry; grants it cannot run are left out, so it decides less, never more', () => {
		const settled = (rules: string, viewer: keyof typeof VIEWERS) => runs.get(rules)!.decisions.filter((d) => d.viewer === viewer && d.lean).map((d) => `${d.status} ${d.privacy}`);
		assert.deepEqual(runs.get('Hide_All_Lean')!.record, ['Hide_All_Lean']);
		assert.deepEqual(settled('Hide_All_Lean', 'member'), []);
		assert.equal(settled('Hide_All_Lean', 'owner').length, STATUSES.length * PRIVACIES.length);
		assert.deepEqual(settled('Hide_Anonymous_Lean', 'anonymous'), []);
		assert.deepEqual(settled('Hide_Anonymous_Lean', 'member'), ['approved public', 'approved members']);
		assert.deepEqual(runs.get('Grant_All_Full')!.record, []);
		assert.deepEqual(settled('Grant_All_Full', 'member'), ['approved public', 'approved members']);
		assert.deepEqual(settled('Grant_Member_Lean', 'member'), ['approved public', 'approved members', 'approved group', 'approved private']);
	});

	test('the SQL the policy emits carries every grant and rule, with one argument per placeholder', () => {
		const placeholders = (sql: string) => (sql.match(/%[ds]/g) ?? []).length;
		for (const rules of RULE_SETS) {
			const { sql } = runs.get(rules.join('+'))!;
			for (const [where, args] of [sql.predicate, sql.viewer, ...sql.branches]) {
				assert.equal(placeholders(where), args.length, `${rules.join('+')}: ${where}`);
				if (rules.includes('Hide_Anonymous_Lean')) assert.match(where, /AND \( %d > 0 \)/);
			}
			if (rules.includes('Grant_Member_Lean')) assert.match(sql.predicate[0], /OR \( m\.author_id > 0 AND %d = 2 \)/);
			// A grant adds one branch (items outside the privacy branches); the privacy branches stay as they were.
			const granted = rules.some((r) => r.startsWith('Grant_'));
			assert.equal(sql.branches.length, 3 + (granted ? 1 : 0), rules.join('+'));
		}
	});
});

/**
 * Scoped rules and grants (MVS_Visibility_Scoped, such as the core access
 * rules and grants: docs/access-rules-and-grants.md) decide only rows
 * flagged access_scoped: the keyed totals stay on (any() is false) and
 * correct for them, and the lean entry hands every flagged row back.
 */
const SCOPED = `
	final class Scoped_Hide_All implements MVS_Visibility_Rule, MVS_Visibility_Scoped {
		public function allows($row, int $viewer_id): bool { return empty($row->access_scoped); }
		public function predicate(int $viewer_id, string $alias): array { return array("{$alias}.access_scoped = %d", array(0)); }
		public function lean_safe(): bool { return true; }
	}
	final class Scoped_Grant_Member implements MVS_Visibility_Grant, MVS_Visibility_Scoped {
		public function grants($row, int $viewer_id): bool { return !empty($row->access_scoped) && ${VIEWERS.member} === $viewer_id; }
		public function grant_predicate(int $viewer_id, string $alias): array { return array("{$alias}.access_scoped = 1 AND %d = ${VIEWERS.member}", array($viewer_id)); }
		public function lean_safe(): bool { return true; }
	}`;

interface ScopedRun { any: boolean; scoped: boolean; record: string[] | null; keys: string; media: string; decisions: { flagged: boolean; status: string; privacy: string; viewer: keyof typeof VIEWERS; full: boolean; lean: boolean }[] }

function decideScoped(rules: readonly string[]): ScopedRun {
	const code = `
		define('ABSPATH', '/nonexistent/');
		function user_can($user, $cap) { return ${VIEWERS.moderator} === $user; }
		function get_user_meta($user, $key, $single) {
			$blocks = array(${AUTHOR} => array(${VIEWERS.blockedByAuthor}, ${VIEWERS.blockedAuthor}), ${VIEWERS.blockedByAuthor} => array(${AUTHOR}), ${VIEWERS.blockedAuthor} => array(${AUTHOR}));
			return 'mvs_blocked_ids' === $key && isset($blocks[$user]) ? $blocks[$user] : '';
		}
		function apply_filters($hook, $value, ...$args) {
			if ('mvs_visibility_rules' === $hook) { return array_map(function ($class) { return new $class(); }, ${JSON.stringify(rules).replace(/^\[/, 'array(').replace(/\]$/, ')')}); }
			return $value;
		}
		function absint($value) { return abs((int) $value); }
		${[...POLICY, join(INCLUDES, 'media', 'interface-mvs-visibility-scoped.php')].map((f) => `require ${JSON.stringify(f)};`).join(' ')}
		${SCOPED}
		$viewers = json_decode(${JSON.stringify(JSON.stringify(VIEWERS))}, true);
		$record = MVS_Visibility_Rules::lean_record();
		$snapshot = null === $record ? array() : array('rules' => $record, 'viewers' => true);
		$out = array();
		foreach (array(0, 1) as $flag) {
			foreach (array('approved', 'pending') as $status) {
				foreach (array('public', 'private') as $privacy) {
					foreach ($viewers as $name => $id) {
						$row = (object) array('id' => 10, 'author_id' => '${AUTHOR}', 'moderation_status' => $status, 'privacy' => $privacy, 'group_id' => '0', 'access_scoped' => (string) $flag);
						$full = MVS_Media_Visibility::can_view($row, $id);
						$out[] = array('flagged' => 1 === $flag, 'status' => $status, 'privacy' => $privacy, 'viewer' => $name, 'full' => $full, 'lean' => MVS_Serve_Lean::decides($row, $id, $snapshot));
					}
				}
			}
		}
		$keys = MVS_Media_Visibility::community_branches(${VIEWERS.member}, 'k', false, false);
		$media = MVS_Media_Visibility::community_branches(${VIEWERS.member});
		echo json_encode(array('any' => MVS_Visibility_Rules::any(), 'scoped' => MVS_Visibility_Rules::scoped(), 'record' => $record, 'keys' => implode(' | ', array_column($keys, 0)), 'media' => implode(' | ', array_column($media, 0)), 'decisions' => $out));`;
	return JSON.parse(execFileSync('php', ['-r', code]).toString()) as ScopedRun;
}

describe('scoped rules and grants: only flagged rows, keyed totals kept, the lean entry hands flagged rows back', () => {
	const runs = new Map<string, ScopedRun>();
	before(() => {
		ensureDebianPackages(['php-cli'], { label: 'unit' });
		for (const rules of [['Scoped_Hide_All'], ['Scoped_Grant_Member']]) runs.set(rules.join('+'), decideScoped(rules));
	});

	test('any() stays false (the keyed totals stay on), scoped() is true, and the lean record runs them', () => {
		for (const [name, run] of runs) {
			assert.equal(run.any, false, name);
			assert.equal(run.scoped, true, name);
			assert.deepEqual(run.record, [name], name);
		}
	});

	test('can_view() applies them to flagged rows only; the lean entry says yes only where can_view() does, and never for a flagged row but the owner\'s', () => {
		for (const [name, run] of runs) {
			for (const d of run.decisions) {
				const label = `${name}: ${d.flagged ? 'flagged' : 'plain'} ${d.status} ${d.privacy}, ${d.viewer}`;
				let want = expected(d.status, d.privacy, d.viewer);
				if (d.flagged && name === 'Scoped_Hide_All' && d.viewer !== 'owner' && d.viewer !== 'moderator') want = false;
				if (d.flagged && name === 'Scoped_Grant_Member' && d.viewer === 'member' && d.status === 'approved') want = true;
				assert.equal(d.full, want, label);
				if (d.lean) assert.equal(d.full, true, label);
				if (d.flagged && d.viewer !== 'owner') assert.equal(d.lean, false, label);
			}
		}
	});

	test('the keys\' branches leave them out (the copies have no access_scoped); the item\'s carry them', () => {
		for (const [name, run] of runs) {
			assert.doesNotMatch(run.keys, /access_scoped/, name);
			assert.match(run.media, /m\.access_scoped/, name);
		}
	});
});
