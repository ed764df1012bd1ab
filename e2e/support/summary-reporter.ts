/**
 * Ends the run with one plain line, "e2e: N passed, N failed, N skipped", a
 * format CI reads to tell a run that tested something from one that ran none.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
	private counts = { passed: 0, failed: 0, skipped: 0 };

	onTestEnd(test: TestCase, result: TestResult): void {
		// Only the final outcome counts (the run has no retries, but stay correct if one is added);
		// a test marked test.fail that fails as expected has passed.
		if (result.retry !== test.retries && result.status !== 'passed') return;
		const outcome = test.outcome();
		if (outcome === 'skipped') this.counts.skipped++;
		else this.counts[outcome === 'unexpected' ? 'failed' : 'passed']++;
	}

	onEnd(): void {
		const { passed, failed, skipped } = this.counts;
		console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
	}

	printsToStdio(): boolean {
		return true;
	}
}
