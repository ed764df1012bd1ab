/**
 * Accessibility checks of the admin screens with axe-core: the serious and
 * critical violations inside the plugin's own content (wp-admin's chrome
 * around it is WordPress's).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious or critical axe violations inside the elements of `selectors` that exist on the page, one line each. */
export async function seriousViolations(page: Page, selectors: string[]): Promise<string[]> {
	const builder = new AxeBuilder({ page });
	let included = 0;
	for (const selector of selectors) {
		if ((await page.locator(selector).count()) === 0) continue;
		builder.include(selector);
		included++;
	}
	if (included === 0) throw new Error(`axe: none of ${selectors.join(', ')} is on the page`);
	const { violations } = await builder.analyze();
	return violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
}
