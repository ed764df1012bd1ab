/**
 * No dependency cycles between the plugins' hand-written classes: a class
 * that depends on another, directly or through others, which depends back
 * on it, cannot be understood, tested or split alone (issue 24, "Break up
 * the hubs"). A class depends on another when its code names it (static
 * calls and constants, new, instanceof, type declarations, extends,
 * implements) or passes its name as a string (callables).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadModel } from '../src/cli/outputs.js';
import { cyclePath, cycles, dependencyGraph, handWrittenClasses } from './helpers/class-graph.js';

/**
 * Cycles tolerated while their owner removes them, as sorted member lists.
 * Each entry names who removes it; nothing else belongs here.
 */
const ALLOWED: readonly (readonly string[])[] = [];

describe('class graph', () => {
	const classes = handWrittenClasses(loadModel().plugins);
	const graph = dependencyGraph(classes);

	test('reads the classes of both plugins', () => {
		// A parse that found nothing would prove nothing.
		assert.ok(classes.some((c) => c.file.startsWith('plugin-core/')), 'no class of plugin-core read');
		assert.ok(classes.some((c) => c.file.startsWith('plugin-pro/')), 'no class of plugin-pro read');
		assert.ok(graph.get('MVS_Media_Totals')?.has('MVS_Media_Totals_Writer'), 'a static call does not make a dependency');
	});

	test('has no dependency cycle', () => {
		const allowed = new Set(ALLOWED.map((c) => [...c].sort().join(' ')));
		const found = cycles(graph)
			.filter((c) => !allowed.has(c.join(' ')))
			.map((c) => cyclePath(graph, c));
		assert.deepEqual(found, [], `dependency cycles between classes:\n${found.join('\n')}`);
	});

	test('finds a cycle, and prints it', () => {
		const g = new Map([
			['A', new Set(['B'])],
			['B', new Set(['C'])],
			['C', new Set(['A'])],
			['D', new Set(['A'])],
		]);
		assert.deepEqual(cycles(g), [['A', 'B', 'C']]);
		assert.equal(cyclePath(g, ['A', 'B', 'C']), 'A -> B -> C -> A');
	});
});
