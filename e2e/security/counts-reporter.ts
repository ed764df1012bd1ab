/**
 * Prints what the security suite covered (routes fuzzed, inputs sent,
 * routes crawled, files refused, writers, files linted...), summed over the
 * tests' `count:<name>` annotations (security/support/http.ts count()).
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class CountsReporter implements Reporter {
	private totals = new Map<string, number>();

	onTestEnd(test: TestCase, result: TestResult): void {
		// Annotations added while a test runs are on the result (Playwright 1.52+) and, in older versions, on the test.
		const annotations = [...(result.annotations ?? []), ...(result.annotations?.length ? [] : test.annotations)];
		for (const { type, description } of annotations) {
			if (!type.startsWith('count:')) continue;
			const name = type.slice('count:'.length);
			this.totals.set(name, (this.totals.get(name) ?? 0) + Number(description ?? 0));
		}
	}

	onEnd(): void {
		if (!this.totals.size) return;
		console.log(`security: ${[...this.totals].map(([name, value]) => `${name} ${Math.round(value)}`).join(', ')}`);
	}

	printsToStdio(): boolean {
		return false;
	}
}
