/**
 * Prints the wall time of every spec file (first test start to last test
 * end, hooks included), slowest first, labelled with the target and tier,
 * then ends with one plain line, "e2e: N passed, N failed, N skipped", a
 * format CI reads to tell a run that tested something from one that ran none.
 * The timings are what the README's CI budget is measured from. With
 * MVS_SPEC_TIMES set to a folder (.ci/run sets one), it also writes the
 * suite's rows there, for e2e/site/slowest-specs.mjs to print the slowest
 * spec files of the whole run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { currentTier } from '../tiers';

interface FileTime {
	start: number;
	end: number;
	tests: number;
}

export default class SummaryReporter implements Reporter {
	private counts = { passed: 0, failed: 0, skipped: 0 };
	private files = new Map<string, FileTime>();
	private rootDir = '';
	private started = Date.now();

	private suite = '';

	onBegin(config: FullConfig): void {
		this.rootDir = config.rootDir;
		this.started = Date.now();
		const target = process.env.MVS_TARGET || 'playground';
		// The security suite runs the full tier's target with a config of its own.
		this.suite = /security/.test(config.configFile ?? '') ? `${target} security` : `${target} ${currentTier()}`;
	}

	onTestEnd(test: TestCase, result: TestResult): void {
		// Only the final outcome counts (the run has no retries, but stay correct if one is added);
		// a test marked test.fail that fails as expected has passed.
		if (result.retry !== test.retries && result.status !== 'passed') return;
		const outcome = test.outcome();
		if (outcome === 'skipped') this.counts.skipped++;
		else this.counts[outcome === 'unexpected' ? 'failed' : 'passed']++;
		if (result.status === 'skipped') return;
		const start = result.startTime.getTime();
		const end = start + result.duration;
		const file = this.files.get(test.location.file);
		if (file) {
			file.start = Math.min(file.start, start);
			file.end = Math.max(file.end, end);
			file.tests++;
		} else {
			this.files.set(test.location.file, { start, end, tests: 1 });
		}
	}

	onEnd(): void {
		const target = process.env.MVS_TARGET || 'playground';
		const rows = [...this.files.entries()]
			.map(([file, t]) => ({ file: relative(this.rootDir, file), seconds: (t.end - t.start) / 1000, tests: t.tests }))
			.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
		const seconds = (Date.now() - this.started) / 1000;
		if (rows.length) {
			console.log(`\ne2e spec wall times, suite ${this.suite} (target ${target}, tier ${currentTier()}; run: ${seconds.toFixed(1)} s):`);
			const width = Math.max(...rows.map((r) => r.file.length));
			for (const r of rows) console.log(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file.padEnd(width)}  ${r.tests} test(s)`);
		}
		const dir = process.env.MVS_SPEC_TIMES;
		if (dir) {
			mkdirSync(dir, { recursive: true });
			writeFileSync(join(dir, `${this.suite.replace(/\W+/g, '-')}.json`), JSON.stringify({ suite: this.suite, seconds, files: rows }));
		}
		const { passed, failed, skipped } = this.counts;
		console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
	}

	printsToStdio(): boolean {
		return true;
	}
}
